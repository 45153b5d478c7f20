"""``python -m trackkit`` runs the command line."""

from trackkit.cli import main

main()
