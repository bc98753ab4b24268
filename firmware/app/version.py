"""The app's version: shown by the boot screen and About, sent to the host in a sync."""
VERSION = "0.1.0"
