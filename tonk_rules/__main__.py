"""``python -m tonk_rules`` runs the ``tonk`` command line."""

from tonk_rules.cli import main

if __name__ == "__main__":
    main()
