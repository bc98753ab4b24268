"""The Kocka app: screens, menus, game views. Runs unchanged on the Pico and in the simulator."""
