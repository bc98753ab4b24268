"""Cubingos' screens: setup (setup.py), play (play.py, its panels drawn by draw.py, the
structure by iso.py: the dice's look in faces.py, drawn through framebuf by flat.py or,
on the Pico, the Thumb loop in dice_thumb.py) and How to play (help.py, help_art.py)."""
