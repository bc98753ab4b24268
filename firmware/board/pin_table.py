"""Every GPIO the Kocka board uses, as plain data: (gpio, signal, how it is driven, what it
connects to). Documentation the tests hold against board/pins.py and the hardware docs
(hardware/), so that no GPIO is used twice and the docs say what the drivers do. The
device never imports it.
"""

PIN_TABLE = (
    (0, "LINK_A_TX", "UART0 TX", "link jack A tip, through 1 kohm"),
    (1, "LINK_A_RX", "UART0 RX, pull-up", "link jack A ring"),
    (2, "JOY_UP", "in pull-up, active low", "joystick up"),
    (3, "JOY_PRESS", "in pull-up, active low", "joystick centre press"),
    (4, "LINK_B_TX", "UART1 TX", "link jack B tip, through 1 kohm"),
    (5, "LINK_B_RX", "UART1 RX, pull-up", "link jack B ring"),
    (6, "LINK_C_TX", "PIO0 SM0 (UART TX)", "link jack C tip, through 1 kohm"),
    (7, "LINK_C_RX", "PIO0 SM1 (UART RX), pull-up", "link jack C ring"),
    (8, "LCD_DC", "out", "ST7789 data/command"),
    (9, "LCD_CS", "out", "ST7789 chip select, active low"),
    (10, "LCD_SCK", "SPI1 SCK", "ST7789 clock"),
    (11, "LCD_MOSI", "SPI1 TX", "ST7789 data in"),
    (12, "LCD_RST", "out", "ST7789 reset, active low"),
    (13, "LCD_BL", "PWM 6B", "backlight"),
    (14, "BUZZER", "PWM 7A", "passive piezo buzzer"),
    (15, "KEY_A", "in pull-up, active low", "key A"),
    (16, "JOY_LEFT", "in pull-up, active low", "joystick left"),
    (17, "KEY_B", "in pull-up, active low", "key B"),
    (18, "JOY_DOWN", "in pull-up, active low", "joystick down"),
    (19, "KEY_X", "in pull-up, active low", "key X"),
    (20, "JOY_RIGHT", "in pull-up, active low", "joystick right"),
    (21, "KEY_Y", "in pull-up, active low", "key Y"),
    (22, "LED_DATA", "out, bit-banged (neopixel)", "8 x WS2812 data in"),
    (26, "LED_POWER", "out, high = on", "LED strip's supply switch"),
)

