"""``python -m equity``: the command line, as the ``equity`` script runs it (:func:`equity.cli.main`)."""

from equity.cli import main

__all__: list[str] = []

if __name__ == "__main__":
    main()
