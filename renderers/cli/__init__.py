"""The `render` and `book` commands: parse arguments, call the library, print."""
