"""Entry point of the `kocka` command (`python -m host`); see host/cli.py."""
import sys


def main(argv=None):
    from host.cli import main as cli_main
    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
