"""PDFs of a session: the documents, their rendering and the stored copies."""
