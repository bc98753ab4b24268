"""Link play in the app: the session over the HAL's link ports (session.py), a play
screen bound to a linked game (play.py), and the lobby (lobby_screen.py). Loaded only
when the main menu's Link play is opened."""
