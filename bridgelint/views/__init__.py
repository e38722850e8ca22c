"""Views: records drawn for people (the board view of ``replay`` and the HTML report's parts)."""
