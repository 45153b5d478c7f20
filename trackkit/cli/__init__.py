"""The ``trackkit`` command line: thin commands over the library.

Each command parses its arguments, calls one library function and prints the
result.  Library modules are imported inside the commands, so starting the
program costs little more than importing Typer.
"""

from trackkit.cli.app import app, main

__all__ = ["app", "main"]
