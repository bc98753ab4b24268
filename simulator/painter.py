"""Draws the device: body, bezel, LED strip, joystick, keys, key hints, and the screen.

The static body is painted once at 2x and smooth-scaled down (cheap
anti-aliasing); controls are pre-rendered the same way in their up and
pressed looks. Per frame `paint()` only blits: the body, the LEDs' glow
(from the colours the LEDs show, after brightness), the controls in their
current state, and the screen scaled 2x and dimmed by the backlight.
"""
import pygame

from hal import api
from simulator import keymap, layout as L
from simulator.frame import FrameConverter, display_surface

SS = 2  # supersampling for the static parts

DESK_TOP = (34, 37, 46)
DESK_BOTTOM = (16, 17, 22)
BODY = (40, 46, 62)
BODY_LIGHT = (58, 66, 88)
BODY_RIM = (86, 96, 124)
BODY_DARK = (24, 28, 38)
SILK = (150, 158, 182)
GOLD = (255, 196, 60)
BEZEL = (8, 9, 12)
KEYCAP = (214, 216, 224)
KEYCAP_EDGE = (120, 124, 138)
KEYCAP_TEXT = (34, 38, 50)
LIT = (255, 196, 60)
LIT_SOFT = (255, 226, 150)


def _font(size):
    return pygame.font.Font(None, size)


def _arrow(surf, color, cx, cy, size, dx, dy):
    """A filled triangle pointing (dx, dy) centred at (cx, cy)."""
    h = size
    w = size * 0.9
    if dx:
        pts = [(cx + dx * h / 2, cy), (cx - dx * h / 2, cy - w / 2), (cx - dx * h / 2, cy + w / 2)]
    else:
        pts = [(cx, cy + dy * h / 2), (cx - w / 2, cy - dy * h / 2), (cx + w / 2, cy - dy * h / 2)]
    pygame.draw.polygon(surf, color, pts)


def _down(surf):
    return pygame.transform.smoothscale(surf, (surf.get_width() // SS, surf.get_height() // SS))


def _sprite(size):
    return pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)


def _text(surf, text, size, color, center=None, topleft=None, midleft=None):
    img = _font(size).render(text, True, color)
    r = img.get_rect()
    if center is not None:
        r.center = center
    elif topleft is not None:
        r.topleft = topleft
    else:
        r.midleft = midleft
    surf.blit(img, r)
    return r


def _vgradient(size, top, bottom):
    """A vertical linear gradient: a 2-pixel column smooth-scaled to `size`."""
    col = pygame.Surface((1, 2), 0, 32)
    col.set_at((0, 0), top)
    col.set_at((0, 1), bottom)
    w, h = size
    tall = pygame.transform.smoothscale(col, (2, h))
    return pygame.transform.scale(tall, (w, h))


def _glow_mask(radius):
    """A grey radial gradient (white in the middle, black at `radius`) for additive glow."""
    d = radius * 2
    surf = pygame.Surface((d, d))
    surf.fill((0, 0, 0))
    for r in range(radius, 0, -1):
        t = 1 - r / radius
        v = int(255 * t ** 1.6)
        pygame.draw.circle(surf, (v, v, v), (radius, radius), r)
    return surf


def led_look(color):
    """What an LED showing `color` looks like: (hue at full scale, perceived level 0-1).
    WS2812s are PWM-driven, and eyes see a dim LED brighter than its duty cycle (gamma)."""
    peak = max(color)
    if peak <= 0:
        return (0, 0, 0), 0.0
    hue = tuple(c * 255 // peak for c in color)
    return hue, (peak / 255) ** (1 / 2.2)


class Painter:
    _static = None
    def __init__(self):
        self.frame = FrameConverter(api.WIDTH, api.HEIGHT)
        self.screen = None  # the last frame, scaled
        self.shade = pygame.Surface((L.SCREEN_W, L.SCREEN_H))  # black, alpha = backlight off
        self.glow_cache = {}
        self.screen_key = None
        self.serial_label = None  # "USB serial" and the port, once set_serial() is called
        if not Painter._static:  # painted once per process (tests make many painters)
            self.sprites = {}
            self._build_sprites()
            Painter._static = (self._paint_body(), _glow_mask(L.LED_GLOW_RADIUS), self.sprites)
        self.body, self.glow, self.sprites = Painter._static

    # -- the static body --------------------------------------------------
    def _paint_body(self):
        W, H = L.WIDTH * SS, L.HEIGHT * SS
        s = pygame.Surface((W, H))
        s.blit(_vgradient((W, H), DESK_TOP, DESK_BOTTOM), (0, 0))  # the desk

        bx, by, bw, bh = [v * SS for v in L.BODY]
        rad = L.BODY_RADIUS * SS
        # drop shadow, blurred by scaling down and up
        shadow = pygame.Surface((W, H), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 150), (bx + 10 * SS, by + 16 * SS, bw, bh), border_radius=rad)
        small = pygame.transform.smoothscale(shadow, (W // 16, H // 16))
        s.blit(pygame.transform.smoothscale(small, (W, H)), (0, 0))
        # the case: a light rim, then the face with a gentle top-to-bottom shade
        pygame.draw.rect(s, BODY_RIM, (bx, by, bw, bh), border_radius=rad)
        pygame.draw.rect(s, BODY_DARK, (bx + 2 * SS, by + 4 * SS, bw - 4 * SS, bh - 6 * SS),
                         border_radius=rad - 2 * SS)
        face = pygame.Surface((bw - 6 * SS, bh - 10 * SS), pygame.SRCALPHA)
        face.blit(_vgradient(face.get_size(), BODY_LIGHT, BODY), (0, 0))
        mask = pygame.Surface(face.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad - 3 * SS)
        face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(face, (bx + 3 * SS, by + 3 * SS))

        # brand and silkscreen
        _text(s, "KOCKA", 44 * SS, GOLD, topleft=(44 * SS, 40 * SS))
        _text(s, "dice & card games", 19 * SS, SILK, topleft=(46 * SS, 78 * SS))
        right = (L.BODY[0] + L.BODY[2] - 44) * SS
        for text, size, y in (("Pico-LCD-1.3", 19, 46), ("RP2040 \u00b7 ST7789 240x240", 15, 70)):
            _text(s, text, size * SS, SILK, topleft=(right - _font(size * SS).size(text)[0], y * SS))

        # LED strip: a smoked diffuser with 8 WS2812 packages under it
        sx, sy, sw, sh = [v * SS for v in L.STRIP]
        pygame.draw.rect(s, BODY_RIM, (sx - 2 * SS, sy - 2 * SS, sw + 4 * SS, sh + 4 * SS), border_radius=12 * SS)
        pygame.draw.rect(s, (14, 15, 20), (sx, sy, sw, sh), border_radius=10 * SS)
        for i in range(api.NUM_LEDS):
            cx, cy = L.led_centre(i)
            p = 11 * SS
            pygame.draw.rect(s, (58, 60, 66), (cx * SS - p, cy * SS - p, 2 * p, 2 * p), border_radius=2 * SS)
            pygame.draw.circle(s, (30, 31, 36), (cx * SS, cy * SS), 8 * SS)
            _text(s, str(i + 1), 13 * SS, SILK, center=(cx * SS, (L.STRIP[1] + L.STRIP[3] + 10) * SS))

        # the screen's bezel
        x, y, w, h = L.SCREEN
        pad = L.BEZEL_PAD
        pygame.draw.rect(s, BODY_RIM, ((x - pad - 2) * SS, (y - pad - 2) * SS, (w + 2 * pad + 4) * SS,
                                       (h + 2 * pad + 4) * SS), border_radius=16 * SS)
        pygame.draw.rect(s, BEZEL, ((x - pad) * SS, (y - pad) * SS, (w + 2 * pad) * SS, (h + 2 * pad) * SS),
                         border_radius=14 * SS)

        # the joystick's well, with its direction arrows engraved
        jx, jy = L.JOY
        pygame.draw.circle(s, BODY_RIM, (jx * SS, jy * SS), (L.JOY_BASE_R + 3) * SS)
        pygame.draw.circle(s, (20, 22, 30), (jx * SS, jy * SS), L.JOY_BASE_R * SS)
        pygame.draw.circle(s, (30, 33, 44), (jx * SS, jy * SS), (L.JOY_BASE_R - 8) * SS)
        for b, (dx, dy) in L.DIRECTIONS:
            px, py = L.joy_pad_centre(b)
            _arrow(s, (92, 100, 124), px * SS, py * SS, 14 * SS, dx, dy)
        _text(s, "JOYSTICK", 15 * SS, SILK, center=(jx * SS, (jy - L.JOY_HINT_DIST - 34) * SS))

        # switch housings for A B X Y, with the letters silkscreened beside them
        for b in L.KEYS:
            kx, ky = L.key_centre(b)
            h2 = (L.KEY_R + 8) * SS
            pygame.draw.rect(s, (12, 13, 16), (kx * SS - h2 + 2 * SS, ky * SS - h2 + 4 * SS, 2 * h2, 2 * h2),
                             border_radius=8 * SS)
            pygame.draw.rect(s, (96, 100, 112), (kx * SS - h2, ky * SS - h2, 2 * h2, 2 * h2), border_radius=8 * SS)
            pygame.draw.rect(s, (70, 73, 84), (kx * SS - h2 + 3 * SS, ky * SS - h2 + 3 * SS,
                                               2 * h2 - 6 * SS, 2 * h2 - 6 * SS), border_radius=6 * SS)
            for ox in (-1, 1):
                for oy in (-1, 1):  # the four rivets of a tactile switch
                    pygame.draw.circle(s, (120, 124, 136),
                                       (kx * SS + ox * (h2 - 7 * SS), ky * SS + oy * (h2 - 7 * SS)), 3 * SS)
            _text(s, api.BUTTON_NAMES[b], 26 * SS, SILK, center=((kx + L.KEY_R + 24) * SS, ky * SS))

        # the window's own keys
        self._hint_static(s, L.SCREENSHOT_HINT, "F12", "screenshot")
        self._hint_static(s, L.QUIT_HINT, "Esc", "quit")
        return _down(s)

    def _hint_static(self, s, pos, key, text):
        x, y = pos
        w = _font(18).size(key)[0] + 16
        self._keycap(s, x * SS, (y - 13) * SS, w * SS, 26 * SS, KEYCAP)
        _text(s, key, 18 * SS, KEYCAP_TEXT, center=((x + w / 2) * SS, y * SS))
        _text(s, text, 19 * SS, SILK, midleft=((x + w + 10) * SS, y * SS))

    @staticmethod
    def _keycap(s, x, y, w, h, color):
        pygame.draw.rect(s, KEYCAP_EDGE, (x, y + 2 * SS, w, h), border_radius=5 * SS)
        pygame.draw.rect(s, color, (x, y, w, h), border_radius=5 * SS)

    # -- pre-rendered controls --------------------------------------------
    def _build_sprites(self):
        for pressed in (False, True):
            self.sprites[("key", pressed)] = self._key_sprite(pressed)
            self.sprites[("cap", pressed)] = self._cap_sprite(pressed)
            for b, (dx, dy) in L.DIRECTIONS:
                self.sprites[("hint", b, pressed)] = self._hint_sprite(b, pressed)
            self.sprites[("hint", api.PRESS, pressed)] = self._hint_sprite(api.PRESS, pressed)
            for b in L.KEYS:
                self.sprites[("hint", b, pressed)] = self._hint_sprite(b, pressed)
        for b, (dx, dy) in L.DIRECTIONS:
            size = 30
            s = _sprite(size)
            c = size * SS // 2
            _arrow(s, LIT, c, c, 16 * SS, dx, dy)
            self.sprites[("arrow", b)] = _down(s)

    def _key_sprite(self, pressed):
        r = L.KEY_R
        size = 2 * r + 24
        s = _sprite(size)
        c = size * SS // 2
        dy = 2 * SS if pressed else 0
        if pressed:  # a warm halo around a lit key
            for i in range(12, 0, -1):
                pygame.draw.circle(s, LIT + (int(90 * (1 - i / 12)),), (c, c + dy), (r + i) * SS)
        pygame.draw.circle(s, (10, 10, 14), (c, c + 3 * SS), r * SS)
        top = (255, 200, 80) if pressed else (44, 46, 56)
        mid = (236, 170, 40) if pressed else (26, 27, 34)
        pygame.draw.circle(s, mid, (c, c + dy), r * SS)
        pygame.draw.circle(s, top, (c, c + dy - 2 * SS), (r - 5) * SS)
        pygame.draw.circle(s, mid, (c, c + dy), (r - 9) * SS)
        return _down(s)

    def _cap_sprite(self, pressed):
        r = L.JOY_CAP_R
        size = 2 * r + 24
        s = _sprite(size)
        c = size * SS // 2
        if pressed:
            for i in range(12, 0, -1):
                pygame.draw.circle(s, LIT + (int(90 * (1 - i / 12)),), (c, c), (r + i) * SS)
        pygame.draw.circle(s, (8, 8, 10), (c, c + 4 * SS), r * SS)
        rim = (236, 170, 40) if pressed else (70, 74, 88)
        face = (255, 206, 96) if pressed else (104, 110, 128)
        pygame.draw.circle(s, rim, (c, c), r * SS)
        pygame.draw.circle(s, face, (c, c - 2 * SS), (r - 4) * SS)
        for k in range(3):  # grip rings
            pygame.draw.circle(s, rim, (c, c - 2 * SS), (r - 10 - 5 * k) * SS, 1 * SS)
        return _down(s)

    def _hint_sprite(self, button, pressed):
        label = keymap.label(button)
        arrow = button in (api.UP, api.DOWN, api.LEFT, api.RIGHT)
        w = 28 if arrow else _font(18).size(label)[0] + 16
        w = max(w, 28)
        h = 26
        s = pygame.Surface(((w + 4) * SS, (h + 4) * SS), pygame.SRCALPHA)
        self._keycap(s, 2 * SS, 1 * SS, w * SS, h * SS, LIT_SOFT if pressed else KEYCAP)
        cx, cy = (2 + w / 2) * SS, (1 + h / 2) * SS
        if arrow:
            for b, (dx, dy) in L.DIRECTIONS:
                if b == button:
                    _arrow(s, KEYCAP_TEXT, cx, cy, 11 * SS, dx, dy)
        else:
            _text(s, label, 18 * SS, KEYCAP_TEXT, center=(cx, cy))
        return _down(s)

    # -- the serial port (--pty) --------------------------------------------
    def set_serial(self, path):
        """Shows the USB serial port's path (what `kocka sync --port` takes) on the body."""
        x, y, w, h = L.SERIAL_AREA
        s = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        _text(s, "USB serial: kocka sync --port", 17 * SS, SILK, topleft=(0, 0))
        size = 24
        while size > 12 and _font(size * SS).size(path)[0] > w * SS:
            size -= 2  # a long path gets a smaller font, never clipped
        _text(s, path, size * SS, GOLD, topleft=(0, 22 * SS))
        self.serial_label = _down(s)

    # -- per frame ----------------------------------------------------------
    def _blit_centred(self, target, sprite, centre, dy=0):
        r = sprite.get_rect()
        r.center = (centre[0], centre[1] + dy)
        target.blit(sprite, r)

    def led_glow(self, color):
        """The additive glow sprite for an LED showing `color` (r, g, b) after brightness."""
        g = self.glow_cache.get(color)
        if g is None:
            if len(self.glow_cache) > 256:
                self.glow_cache.clear()
            hue, level = led_look(color)
            k = level * level  # dim LEDs hardly light their surroundings
            g = self.glow.copy()
            g.fill([int(h * k) for h in hue], special_flags=pygame.BLEND_RGB_MULT)
            self.glow_cache[color] = g
        return g

    def paint_leds(self, target, colors):
        for i, color in enumerate(colors):
            color = tuple(color)
            if not any(color):
                continue
            cx, cy = L.led_centre(i)
            glow = self.led_glow(color)
            target.blit(glow, (cx - L.LED_GLOW_RADIUS, cy - L.LED_GLOW_RADIUS),
                        special_flags=pygame.BLEND_RGB_ADD)
            hue, level = led_look(color)
            body = [int(h * level) for h in hue]
            white = 0.6 * level * level  # a bright LED's core washes out towards white
            core = [int(b + (255 - b) * white) for b in body]
            pygame.draw.circle(target, body, (cx, cy), L.LED_RADIUS)
            pygame.draw.circle(target, core, (cx, cy), L.LED_RADIUS - 4)

    def paint_controls(self, target, down, keys_down):
        """`down[b]`: button b is held (the app's debounced view or the raw input)."""
        for b in L.KEYS:
            pressed = bool(down[b])
            self._blit_centred(target, self.sprites[("key", pressed)], L.key_centre(b))
            self._blit_centred(target, self.sprites[("hint", b, bool(keys_down[b]))], L.key_hint_centre(b))
        # the stick leans towards the direction held
        ox = oy = 0
        for b, (dx, dy) in L.DIRECTIONS:
            if down[b]:
                ox += dx * 9
                oy += dy * 9
                self._blit_centred(target, self.sprites[("arrow", b)], L.joy_pad_centre(b))
            self._blit_centred(target, self.sprites[("hint", b, bool(keys_down[b]))], L.joy_hint_centre(b))
        jx, jy = L.JOY
        self._blit_centred(target, self.sprites[("cap", bool(down[api.PRESS]))], (jx + ox, jy + oy))
        self._blit_centred(target, self.sprites[("hint", api.PRESS, bool(keys_down[api.PRESS]))],
                           L.joy_hint_centre(api.PRESS))

    def paint_screen(self, target, display):
        """Blits the display (re-converting only after a new frame was pushed), dimmed by
        the backlight: 10 % is dim but readable, as on the panel; asleep, it is dark."""
        if display.frames != self.screen_key or self.screen is None:
            self.screen_key = display.frames
            frame = display_surface(display, self.frame)
            self.screen = pygame.transform.scale(frame, (L.SCREEN_W, L.SCREEN_H))
        target.blit(self.screen, L.SCREEN[:2])
        level = max(0, min(100, getattr(display, "level", 100)))
        if getattr(display, "asleep", False):
            self.shade.set_alpha(255)
            target.blit(self.shade, L.SCREEN[:2])
        elif level < 100:
            self.shade.set_alpha(int(255 * 0.75 * (100 - level) / 100))
            target.blit(self.shade, L.SCREEN[:2])

    def paint(self, target, display, led_colors, down, keys_down):
        target.blit(self.body, (0, 0))
        if self.serial_label is not None:
            target.blit(self.serial_label, L.SERIAL_AREA[:2])
        self.paint_leds(target, led_colors)
        self.paint_controls(target, down, keys_down)
        self.paint_screen(target, display)
