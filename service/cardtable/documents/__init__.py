"""The stored forms of a game: its document (`game`), its move log (`movelog`) and the
schema versions with the forms of the releases before that are still read and, while
CARDTABLE_WRITE_SCHEMA asks, written (`schema`). Redis itself is `cardtable.store`'s.
"""
