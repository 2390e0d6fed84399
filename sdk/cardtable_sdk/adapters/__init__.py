"""Per game, the one module that reads fields of a view: the environments, the arena's
examples and the search helpers ask these functions, so a renamed view field is a one-line
change here."""
