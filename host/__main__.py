"""Entry point of the `kocka` command (`python -m host`)."""
import sys


def main(argv=None):
    print("kocka: the sync tool arrives with the records issue", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
