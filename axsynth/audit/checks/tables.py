"""Checks on data tables: each header has cells it heads, and ``headers`` names header
cells of the same table."""

from __future__ import annotations

from ..context import sanitize, token_list
from ..roles import explicit_role, get_role
from ..tables import (
    all_cells,
    cell_position,
    cells,
    headers_of,
    is_column_header,
    is_row_header,
    rows,
    to_grid,
    traverse,
)
from . import evaluate


@evaluate("th-has-data-cells-evaluate")
def th_has_data_cells(ctx, node, options, result):
    table_cells = all_cells(node)
    referenced: list[str] = []
    for cell in table_cells:
        for attr in ("headers", "aria-labelledby"):
            value = cell.attr(attr)
            if value:
                referenced += value.split()
    headers = [
        cell
        for cell in table_cells
        if sanitize(cell.el.text_content()) != ""
        and (cell.name == "th" or explicit_role(cell) in ("rowheader", "columnheader"))
    ]
    grid = to_grid(node)
    related = []
    outcome = True
    for header in headers:
        if header.attr("id") and header.attr("id") in referenced:
            continue
        position = cell_position(header, grid)
        has_cell = False
        if position is not None and is_column_header(ctx, header):
            has_cell = any(
                not is_column_header(ctx, cell) and header in headers_of(ctx, cell, grid)
                for cell in traverse(grid, position, (0, 1))
            )
        if position is not None and not has_cell and is_row_header(ctx, header):
            has_cell = any(
                not is_row_header(ctx, cell) and header in headers_of(ctx, cell, grid)
                for cell in traverse(grid, position, (1, 0))
            )
        if not has_cell:
            related.append(header)
        outcome = outcome and has_cell
    result.relate(related)
    return True if outcome else None


_MESSAGE_KEYS = ("cell-header-not-in-table", "cell-header-not-th", "header-refs-self", "empty-hdrs")


@evaluate("td-headers-attr-evaluate")
def td_headers_attr(ctx, node, options, result):
    table_cells = [cell for row in rows(node) for cell in cells(row)]
    role_by_id = {cell.attr("id"): get_role(ctx, cell) for cell in table_cells if cell.attr("id")}
    bad: dict[str, list] = {key: [] for key in _MESSAGE_KEYS}
    for cell in table_cells:
        if not cell.has_attr("headers") or not ctx.is_visible_to_sr(cell):
            continue
        value = cell.attr("headers").strip()
        if not value:
            _add(bad["empty-hdrs"], cell)
            continue
        own_id = cell.attr("id")
        for header_id in token_list(value):
            if own_id and header_id == own_id:
                _add(bad["header-refs-self"], cell)
            elif not role_by_id.get(header_id):
                _add(bad["cell-header-not-in-table"], cell)
            elif role_by_id[header_id] not in ("columnheader", "rowheader"):
                _add(bad["cell-header-not-th"], cell)
    for key in _MESSAGE_KEYS:
        if bad[key]:
            result.relate(bad[key])
            if key == "empty-hdrs":
                return None
            result.data = {"messageKey": key}
            return False
    return True


def _add(found: list, cell) -> None:
    if cell not in found:
        found.append(cell)
