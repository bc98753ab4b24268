"""hardware/ agrees with firmware/board/pins.py: the README's pin table, the Wokwi
diagram.json and the wiring SVG."""
import json
import os
import re
import xml.etree.ElementTree as ET

from board import pins, pin_table

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HW = os.path.join(ROOT, "hardware")

# The Pico's (and Pico 2's) physical pin for each GPIO on its two header rows.
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
            12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
            22: 29, 26: 31, 27: 32, 28: 34}
BUTTON_SIGNALS = ("JOY_UP", "JOY_DOWN", "JOY_LEFT", "JOY_RIGHT", "JOY_PRESS",
                  "KEY_A", "KEY_B", "KEY_X", "KEY_Y")  # pins.BUTTON_PINS order


def read(name):
    with open(os.path.join(HW, name), encoding="utf-8") as f:
        return f.read()


def pin_table_rows():
    """The markdown table under '## Pin map' in hardware/README.md, as lists of cells."""
    text = read("README.md")
    section = text.split("\n## Pin map", 1)[1].split("\n## ", 1)[0]
    tables = []
    current = []
    for line in section.splitlines():
        if line.startswith("|"):
            current.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif current:
            tables.append(current)
            current = []
    if current:
        tables.append(current)
    assert len(tables) == 1, "the pin map is one table"
    header, rule, *rows = tables[0]
    assert set(rule[0]) <= set("-: ")
    return header, rows


def expected_rows():
    out = []
    for gpio, signal, drive, what in pin_table.PIN_TABLE:
        out.append("| GP%d | %d | %s | %s | %s |" % (gpio, PICO_PIN[gpio], signal, drive, what))
    return "\n".join(out)


def test_readme_pin_table_matches_pins_py():
    header, rows = pin_table_rows()
    assert header[:5] == ["GPIO", "Pico pin", "Signal", "Driven as", "Connects to"]
    got = []
    for r in rows:
        m = re.fullmatch(r"GP(\d+)", r[0])
        assert m, "GPIO cell %r" % r[0]
        got.append((int(m.group(1)), int(r[1]), r[2], r[3], r[4]))
    want = [(g, PICO_PIN[g], s, d, w) for g, s, d, w in pin_table.PIN_TABLE]
    assert sorted(got) == sorted(want), (
        "hardware/README.md's pin map differs from firmware/board/pins.py; its first five "
        "columns should read:\n" + expected_rows())


def test_pins_py_is_consistent_with_itself():
    by_signal = {s: g for g, s, _d, _w in pin_table.PIN_TABLE}
    gpios = [g for g, _s, _d, _w in pin_table.PIN_TABLE]
    assert len(gpios) == len(set(gpios)), "a GPIO is used twice"
    for name, gpio in by_signal.items():
        assert getattr(pins, name) == gpio, name
    assert tuple(by_signal[s] for s in BUTTON_SIGNALS) == pins.BUTTON_PINS
    assert all(g in PICO_PIN for g in gpios)  # all on the header (GP23-25, GP29 are not)


def diagram():
    return json.loads(read("diagram.json"))


def nets(doc):
    """Connected groups of 'part:pin' endpoints (wires joined transitively)."""
    parent = {}

    def find(a):
        parent.setdefault(a, a)
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for conn in doc["connections"]:
        a, b = conn[0], conn[1]
        parent[find(a)] = find(b)
    groups = {}
    for end in list(parent):
        groups.setdefault(find(end), set()).add(end)
    return list(groups.values())


def net_of(doc, endpoint):
    for n in nets(doc):
        if endpoint in n:
            return n
    return {endpoint}


def pico_pins(net, pico_id):
    return {e.split(":", 1)[1] for e in net if e.split(":", 1)[0] == pico_id}


def test_diagram_has_the_real_parts():
    doc = diagram()
    assert doc["version"] == 1
    types = [p["type"] for p in doc["parts"]]
    assert types.count("wokwi-pi-pico") == 1
    assert types.count("wokwi-pushbutton") == 9
    assert types.count("wokwi-buzzer") == 1
    leds = [p for p in doc["parts"] if p["type"] in ("wokwi-led-ring", "wokwi-led-strip")]
    assert len(leds) == 1 and leds[0]["attrs"]["pixels"] == str(pins.NUM_LEDS)
    ids = [p["id"] for p in doc["parts"]]
    assert len(ids) == len(set(ids))
    for conn in doc["connections"]:
        for end in conn[:2]:
            part = end.split(":", 1)[0]
            assert part in ids or part.startswith("$"), end


def test_every_button_sits_on_its_gpio_with_the_other_side_to_ground():
    doc = diagram()
    pico = [p["id"] for p in doc["parts"] if p["type"] == "wokwi-pi-pico"][0]
    buttons = [p for p in doc["parts"] if p["type"] == "wokwi-pushbutton"]
    wired = {}
    for b in buttons:
        side1 = set()
        side2 = set()
        for pin in ("1.l", "1.r"):
            side1 |= pico_pins(net_of(doc, "%s:%s" % (b["id"], pin)), pico)
        for pin in ("2.l", "2.r"):
            side2 |= pico_pins(net_of(doc, "%s:%s" % (b["id"], pin)), pico)
        gp = [p for p in side1 if p.startswith("GP")]
        assert len(gp) == 1 and not side1 - set(gp), (b["id"], side1)
        assert side2 and all(p.startswith("GND") for p in side2), (b["id"], side2)
        wired[int(gp[0][2:])] = b
    assert sorted(wired) == sorted(pins.BUTTON_PINS)
    # labels name the button each GPIO belongs to
    names = dict(zip(pins.BUTTON_PINS, ("UP", "DOWN", "LEFT", "RIGHT", "PRESS", "A", "B", "X", "Y")))
    for gpio, b in wired.items():
        assert b["attrs"].get("label") == names[gpio], (gpio, b["attrs"])


def test_leds_on_gp22_and_buzzer_on_gp14():
    doc = diagram()
    pico = [p["id"] for p in doc["parts"] if p["type"] == "wokwi-pi-pico"][0]
    leds = [p["id"] for p in doc["parts"] if p["type"] in ("wokwi-led-ring", "wokwi-led-strip")][0]
    assert pico_pins(net_of(doc, leds + ":DIN"), pico) == {"GP%d" % pins.LED_DATA}
    power = pico_pins(net_of(doc, leds + ":VCC") | net_of(doc, leds + ":VDD"), pico)
    assert power and power <= {"VSYS", "VBUS", "3V3"}
    ground = pico_pins(net_of(doc, leds + ":GND") | net_of(doc, leds + ":VSS"), pico)
    assert ground and all(g.startswith("GND") for g in ground)
    buzzer = [p["id"] for p in doc["parts"] if p["type"] == "wokwi-buzzer"][0]
    assert pico_pins(net_of(doc, buzzer + ":2"), pico) == {"GP%d" % pins.BUZZER}  # + side
    assert all(g.startswith("GND") for g in pico_pins(net_of(doc, buzzer + ":1"), pico))


def test_the_display_is_on_spi1_pins():
    doc = diagram()
    pico = [p["id"] for p in doc["parts"] if p["type"] == "wokwi-pi-pico"][0]
    lcds = [p["id"] for p in doc["parts"] if p["type"] in ("board-st7789", "wokwi-ili9341")]
    assert len(lcds) == 1, lcds
    want = {"SCL": pins.LCD_SCK, "SDA": pins.LCD_MOSI, "DC": pins.LCD_DC, "CS": pins.LCD_CS,
            "RST": pins.LCD_RST, "BL": pins.LCD_BL}
    for pin, gpio in want.items():
        assert pico_pins(net_of(doc, "%s:%s" % (lcds[0], pin)), pico) == {"GP%d" % gpio}, pin


def test_no_gpio_in_the_diagram_is_outside_the_pin_map():
    doc = diagram()
    used = {g for g, _s, _d, _w in pin_table.PIN_TABLE}
    for conn in doc["connections"]:
        for end in conn[:2]:
            m = re.fullmatch(r"[^:]+:GP(\d+)", end)
            if m:
                assert int(m.group(1)) in used, end


def svg_text():
    tree = ET.parse(os.path.join(HW, "wiring.svg"))
    root = tree.getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return " ".join(t for t in root.itertext())


def test_wiring_svg_parses_and_names_every_gpio_and_signal():
    text = svg_text()
    words = set(re.findall(r"[A-Z0-9_]+", text))
    for gpio, signal, _d, _w in pin_table.PIN_TABLE:
        assert "GP%d" % gpio in words, "GP%d missing from wiring.svg" % gpio
        assert signal in words, "%s missing from wiring.svg" % signal
    for part in ("Pico-LCD-1.3", "WS2812", "piezo"):
        assert part in text
