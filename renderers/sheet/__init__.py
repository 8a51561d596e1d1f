"""A puzzle's page: the board, its tiles, the legend, the answer key, the QR code."""
