"""What a page is made of: shapes and text (layout), fonts, palettes, languages."""
