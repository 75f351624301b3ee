"""Rules sheets: a variant's rules as one printable page, in English or Russian, marked where they differ from
the parent variant.

Every sentence comes from ``tonk_rules/words/`` (the rules' own words); nothing here is worded. On one floor with
the table tools and the report, importing neither. Nothing is re-exported here; import from the modules:

- :mod:`~tonk_rules.sheets.variant_view`: :class:`VariantView` and ``load_view``, a variant with its parent's
  values, as a sheet reads it;
- :mod:`~tonk_rules.sheets.rules_sheet`: :class:`Sheet` and ``build_sheet``, the sheet's blocks and lines;
- :mod:`~tonk_rules.sheets.sheet_render`: ``render`` (``render_markdown``, ``render_html``: one A4 page, a long
  house sheet on two) and the measures of its size (``sheet_weight``, ``text_size``).
"""
