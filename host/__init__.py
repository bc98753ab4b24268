"""`kocka`, the host tool: sync finished games from the device into SQLite, and show them."""
