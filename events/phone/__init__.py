"""Entry at the tables: the links, a table's round on a phone, the director's view of them."""
