"""Quiz content: the models of a quiz file, and the loader that validates a directory of them."""
