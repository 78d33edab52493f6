"""Results by e-mail: each member who played, gave an address and agreed, is sent the
session's standings and their own score card when the results are final, and again after a
correction (`sending.py` queues and sends, `message.py` writes the mail)."""
