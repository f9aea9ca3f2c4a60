"""Tables as axe-core reads them (``axe.commons.table``): the DOM's rows and cells laid
out in a grid by their spans, header scopes, and axe's guess whether a table holds data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..html.dom import parse_int
from .context import sanitize
from .roles import explicit_role, roles_of_type
from .vtree import VNode

if TYPE_CHECKING:
    from .context import AuditPage

Grid = list[list["VNode | None"]]


def rows(table: VNode) -> list[VNode]:
    """HTMLTableElement.rows: the rows of its <thead>s, then of its bodies and its own
    <tr> children in order, then of its <tfoot>s."""
    head, body, foot = [], [], []
    for child in table.children:
        if child.name == "tr":
            body.append(child)
        elif child.name in ("thead", "tbody", "tfoot"):
            group = [row for row in child.children if row.name == "tr"]
            (head if child.name == "thead" else foot if child.name == "tfoot" else body).extend(group)
    return head + body + foot


def cells(row: VNode) -> list[VNode]:
    return [child for child in row.children if child.name in ("td", "th")]


def all_cells(table: VNode) -> list[VNode]:
    return [cell for row in rows(table) for cell in cells(row)]


def col_span(cell: VNode) -> int:
    value = parse_int(cell.attr("colspan") or "")
    return 1 if value is None or value < 1 else min(value, 1000)


def _row_span(cell: VNode, row_count: int) -> int:
    value = parse_int(cell.attr("rowspan") or "")
    if value == 0:
        return row_count
    return 1 if value is None or value < 0 else min(value, 65534)


def to_grid(table: VNode) -> Grid:
    """axe's toGrid: each cell in every grid slot it spans."""
    if "grid" in table.memo:
        return table.memo["grid"]
    table_rows = rows(table)
    grid: Grid = []
    for y, row in enumerate(table_rows):
        while len(grid) <= y:
            grid.append([])
        column = 0
        for cell in cells(row):
            for _ in range(col_span(cell)):
                for dy in range(_row_span(cell, len(table_rows))):
                    while len(grid) <= y + dy:
                        grid.append([])
                    line = grid[y + dy]
                    while column < len(line) and line[column] is not None:
                        column += 1
                    while len(line) <= column:
                        line.append(None)
                    line[column] = cell
                column += 1
    table.memo["grid"] = grid
    return grid


def table_of(cell: VNode) -> VNode | None:
    return cell.closest(lambda n: n.name == "table")


def cell_position(cell: VNode, grid: Grid) -> tuple[int, int] | None:
    """(x, y) of the cell's first slot."""
    for y, line in enumerate(grid):
        if cell in line:
            return line.index(cell), y
    return None


def scope_of(ctx: "AuditPage", cell: VNode) -> str | bool:
    """axe's getScope: "col", "row", "colgroup", "rowgroup", "auto", or False."""
    if "scope" in cell.memo:
        return cell.memo["scope"]
    cell.memo["scope"] = scope = _scope(cell)
    return scope


def _scope(cell: VNode) -> str | bool:
    declared = cell.attr("scope")
    cell_role = explicit_role(cell)
    if cell_role == "columnheader":
        return "col"
    if cell_role == "rowheader":
        return "row"
    if declared in ("col", "row", "colgroup", "rowgroup"):
        return declared
    if cell.name != "th":
        return False
    table = table_of(cell)
    if table is None:
        return "auto"
    grid = to_grid(table)
    position = cell_position(cell, grid)
    if position is None:
        return "auto"
    x, y = position
    if all(node is not None and node.name == "th" for node in grid[y]):
        return "col"
    column = [line[x] if x < len(line) else None for line in grid]
    if all(node is not None and node.name == "th" for node in column):
        return "row"
    return "auto"


def is_column_header(ctx: "AuditPage", cell: VNode) -> bool:
    return scope_of(ctx, cell) in ("col", "colgroup", "auto")


def is_row_header(ctx: "AuditPage", cell: VNode) -> bool:
    return scope_of(ctx, cell) in ("row", "rowgroup", "auto")


def traverse(grid: Grid, start: tuple[int, int], step: tuple[int, int]) -> list[VNode]:
    """The cells from the slot after ``start`` in direction ``step`` to the first empty slot."""
    out = []
    x, y = start[0] + step[0], start[1] + step[1]
    while 0 <= y < len(grid) and 0 <= x < len(grid[y]) and grid[y][x] is not None:
        out.append(grid[y][x])
        x, y = x + step[0], y + step[1]
    return out


def headers_of(ctx: "AuditPage", cell: VNode, grid: Grid) -> list[VNode | None]:
    """axe's getHeaders: the cells its ``headers`` attribute names when one exists, else
    the row and column headers found by walking the grid."""
    if cell.attr("headers"):
        named = ctx.idrefs(cell, "headers")
        if any(named):
            return named
    position = cell_position(cell, grid)
    if position is None:
        return []
    return list(
        reversed(_headers_toward(ctx, "row", cell, position, grid) + _headers_toward(ctx, "col", cell, position, grid))
    )


def _headers_toward(ctx, kind: str, cell: VNode, position: tuple[int, int], grid: Grid) -> list[VNode]:
    key = "row-headers" if kind == "row" else "col-headers"
    test = is_row_header if kind == "row" else is_column_header
    x0, y0 = position
    row_start = y0 + _row_span(cell, len(grid)) - 1
    col_start = x0 + col_span(cell) - 1
    row_end = y0 if kind == "row" else 0
    col_end = 0 if kind == "row" else x0
    headers = None
    walked: list[VNode] = []
    row = row_start
    while row >= row_end and headers is None:
        for col in range(col_start, col_end - 1, -1):
            found = grid[row][col] if row < len(grid) and col < len(grid[row]) else None
            if found is None:
                continue
            if key in found.memo:
                headers = found.memo[key]
                break
            walked.append(found)
        row -= 1
    headers = (headers or []) + [node for node in walked if test(ctx, node)]
    for node in walked:
        node.memo[key] = headers
    return headers


def is_data_cell(cell: VNode) -> bool:
    if not any(child.el is not None for child in cell.children) and not cell.el.text_content().strip():
        return False
    cell_role = explicit_role(cell)
    return cell_role in ("cell", "gridcell") if cell_role else cell.name == "td"


def is_data_table(ctx: "AuditPage", table: VNode) -> bool:
    """axe's isDataTable heuristics. Without layout, a cell's border is read from its
    computed border widths; the table's width (axe: wider than 95% of the viewport
    means layout) is unknown and taken as narrower."""
    table_role = explicit_role(table)
    if table_role in ("presentation", "none") and not ctx.is_focusable(table):
        return False
    if table.attr("contenteditable") == "true" or table.closest(lambda n: n.attr("contenteditable") == "true"):
        return True
    if table_role in ("grid", "treegrid", "table") or (table_role in roles_of_type("landmark")):
        return True
    if table.attr("datatable") == "0":
        return False
    if table.attr("summary"):
        return True
    if any(child.name in ("thead", "tfoot", "caption", "colgroup") for child in table.children):
        return True
    table_rows = rows(table)
    count = 0
    bordered = False
    for row in table_rows:
        for cell in cells(row):
            if cell.name == "th":
                return True
            if not bordered and _has_border(ctx, cell):
                bordered = True
            if cell.attr("scope") or cell.attr("headers") or cell.attr("abbr"):
                return True
            if explicit_role(cell) in ("columnheader", "rowheader"):
                return True
            element_children = list(cell.el)
            if len(element_children) == 1 and element_children[0].local_name == "abbr":
                return True
            count += 1
    if any(node.name == "table" for node in table.descendants()):
        return False
    if len(table_rows) < 2:
        return False
    sample = cells(table_rows[-(-len(table_rows) // 2)])  # axe's rows[ceil(length / 2)]
    if len(sample) == 1 and col_span(sample[0]) == 1:
        return False
    if len(sample) >= 5 or bordered:
        return True
    backgrounds = {repr(ctx.style(row).get("background-color")) for row in table_rows}
    if len(backgrounds) > 1:
        return True
    if len(table_rows) >= 20:
        return True
    if count < 10:
        return False
    return not any(node.name in ("object", "embed", "iframe", "applet") for node in table.descendants())


def _has_border(ctx: "AuditPage", cell: VNode) -> bool:
    style = ctx.style(cell)
    return any(
        style.get(f"border-{side}-style", "none") not in ("none", "hidden")
        and (style.get(f"border-{side}-width") or 0) > 0
        for side in ("top", "right", "bottom", "left")
    )


def non_empty_text(cell: VNode) -> bool:
    return sanitize(cell.el.text_content()) != ""
