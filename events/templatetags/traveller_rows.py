"""A traveller's rows, written in Python: a save on a 40-table board answers with 41 of them,
and the template engine took about 11 ms over those (a quarter of the save).

Each row is what the director types into (pair numbers, the result box, ✕ to delete), with
the refusal, warning or clash of its last save beside it. (Players see a board's lines sorted
by score, templates/events/_sorted_traveller.html.)
Numbers are written as they are, never localised.
"""

from html import escape as _html_escape

from django import template
from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.timezone import template_localtime

from events.models.results import REASON_LENGTH
from events.templatetags.clubscore import adjusted_label, signed, two_places

register = template.Library()


@register.simple_tag(takes_context=True)
def traveller_rows(context, rows, show_board, action):
    """Every row of the traveller (or the table's round), as `<tr>`s."""
    csrf = _csrf_input(context.get("csrf_token"))
    action = _escape(action)
    return mark_safe("\n".join(_row(row, show_board, action, csrf) for row in rows))


def _csrf_input(token) -> str:
    """As `{% csrf_token %}` writes it (nothing on a page rendered without a request)."""
    if not token or token == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{_escape(token)}">'


def _row(row, show_board: bool, action: str, csrf: str) -> str:
    board = row.board
    cells = []
    if show_board:
        url = reverse("board_traveller", args=[board.pk])  # a table round has a row or two
        cells.append(f'<td><a href="{url}">{board.number}</a></td>')
    elif row.new:
        cells.append('<td class="round-col"></td><td class="new-label">Other pairs:</td>')
    else:
        cells.append(f'<td class="round-col">{row.round or "—"}</td><td>{row.table or "—"}</td>')
    cells.append(_pair_box(row, "ns", "NS") + _pair_box(row, "ew", "EW"))
    cells.append(_entry_cell(row, action, csrf))
    cells.append(_score_cells(row.result))
    cells.append(_delete_cell(row, action, csrf))
    # The key lets the page take in a poll's rows one by one (static/js/entry.js).
    return f'<tr class="{_escape(row.css_class)}" data-key="{row.key}">{"".join(cells)}</tr>'


def _pair_box(row, side: str, name: str) -> str:
    pair = row.ns if side == "ns" else row.ew
    typed = row.ns_number if side == "ns" else row.ew_number
    stored = getattr(pair, "number", None)
    placeholder = f' placeholder="{name}"' if row.new else ""
    return (
        f'<td class="pair"><input type="text" name="{side}_number" form="row-{row.key}" '
        f'class="pair-input" data-col="{side}" data-stored="{"" if stored is None else stored}" '
        f'value="{_escape(typed)}" size="3" autocomplete="off" spellcheck="false"{placeholder} '
        f'aria-label="{_escape(row.label)}: {name} pair number"></td>'
    )


def _entry_cell(row, action: str, csrf: str) -> str:
    parts = [_entry_form(row, action, csrf)]
    if row.deleted_text:
        parts.append(
            f'<p class="hint" role="status">Deleted {_escape(row.deleted_text)}: the '
            "board's History keeps it.</p>"
        )
    if row.error:
        parts.append(f'<p class="error" role="alert">{_escape(row.error)}</p>')
        if row.can_put_back:
            what = f"keep {_escape(row.result.text)}" if row.result else "clear it"
            parts.append(f'<p class="esc-hint">Esc: {_keep_link(action, "focus", row, what)}</p>')
    if row.warning:
        press = "delete it" if row.clearing else "save anyway"
        keep = _keep_link(action, "focus", row, "keep it" if row.clearing else "cancel")
        parts.append(
            f'<p class="warning" role="alert">{_escape(row.warning)} <strong>Press '
            f"Enter again to {press}</strong>, or Esc: {keep}.</p>"
        )
    if row.conflict is not None:
        parts.append(_conflict(row, action))
    elif row.query is not None and not row.refused:
        parts.append(_query(row, action, csrf))
    if row.correction:
        parts.append(_correction(row, action))
    return f'<td class="entry">{"".join(parts)}</td>'


def _correction(row, action: str) -> str:
    """The session is final: why the director changes this result, and whether players see
    the reason. Enter in the reason box saves the row with it."""
    form = f"row-{row.key}"
    stored = row.result.text if row.result is not None else ""
    keep = _keep_link(action, "focus", row, f"keep {_escape(stored)}" if stored else "cancel")
    press = "delete it" if row.clearing else "correct it"
    checked = " checked" if row.publish_reason else ""
    return (
        f'<div class="correction" role="alert"><p class="warning">{_escape(row.correction)}</p>'
        f'<label class="reason">Reason <input type="text" name="reason" form="{form}" '
        f'class="reason-input" maxlength="{REASON_LENGTH}" value="{_escape(row.reason)}" '
        f'autocomplete="off" aria-label="{_escape(row.label)}: why it is corrected" '
        f'placeholder="the slip said 4S by N" autofocus></label>'
        f'<label class="publish-reason"><input type="checkbox" name="publish_reason" '
        f'form="{form}"{checked}> Players see the reason</label>'
        f"<p><strong>Press Enter to {press}</strong>, or Esc: {keep}.</p></div>"
    )


def _entry_form(row, action: str, csrf: str) -> str:
    hidden = [
        csrf,
        _hidden("board", row.board.pk),
        _hidden("ns", _attr(row.ns, "pk")),
        _hidden("ew", _attr(row.ew, "pk")),
        _hidden("version", row.version),
    ]
    if row.warning or row.override:
        hidden.append(_hidden("override", "on"))
    if row.conflict is not None:
        hidden.append(_hidden("replace", "on"))
    stored = _escape(row.result.text) if row.result is not None else ""
    placeholder = "(empty)" if row.clearing else "4S N ="
    autofocus = " autofocus" if row.focus and not row.correction else ""  # else the reason
    button = (
        "Replace"
        if row.conflict is not None
        else "Delete"
        if row.clearing
        else "Correct"
        if row.correction
        else "Save"
    )
    return (
        f'<form method="post" action="{action}" hx-post="{action}" hx-target="#traveller" '
        f'hx-swap="outerHTML" hx-request=\'{{"timeout": 20000}}\' class="row-form" '
        f'id="row-{row.key}">{"".join(hidden)}'
        f'<input type="text" name="text" class="entry-input" data-col="text" '
        f'data-stored="{stored}" autocomplete="off" spellcheck="false" '
        f'aria-label="{_escape(row.label)}: result" placeholder="{placeholder}" '
        f'value="{_escape(row.shown_text)}"{autofocus}>'
        f'<button type="submit" class="save">{button}</button></form>'
    )


def _conflict(row, action: str) -> str:
    """Both results beside the row, and who stored (or deleted) the other one, and when."""
    stored, typed = row.conflict.stored, row.conflict.typed
    who = _escape(row.changed_by or "Someone")
    done = f"{who} saved this row" if stored else f"{who} deleted this result"
    if row.changed_at:
        done += f" at {date_filter(template_localtime(row.changed_at), 'H:i:s')}"
    if stored:
        mine = f"<code>{_escape(stored.text)}</code>{_score_in_brackets(stored.ns_score)}"
        if stored.ew_pair_id != _attr(row.ew, "pk"):
            mine += f", NS {stored.ns_pair.number} v EW {stored.ew_pair.number}"
    else:
        mine = "nothing (deleted)"
    if typed:
        yours = f"<code>{_escape(typed)}</code>{_score_in_brackets(typed.ns_score)}"
    else:
        yours = "clear the row"
    replace = "Replace with yours" if typed else "Delete it anyway"
    keep = f"Keep {_escape(stored.text)}" if stored else "Keep it deleted"
    keep_link = _keep_link(action, "after", row, keep, css="keep button secondary")
    return (
        f'<div class="conflict" role="alert"><p><strong>{done}, after you last saw it.</strong> '
        f'Nothing was replaced.</p><dl class="both"><dt>Stored</dt><dd>{mine}</dd>'
        f"<dt>Yours</dt><dd>{yours}</dd></dl>"
        f'<p><button type="submit" form="row-{row.key}" class="replace">{replace}</button> '
        f"(Enter) {keep_link} (Esc)</p></div>"
    )


def _query(row, action: str, csrf: str) -> str:
    """The opponents did not agree with the result their table entered: the director rules
    that it stands (the stored line saved again) or changes it (the row, typed again)."""
    query, result = row.query, row.result
    when = date_filter(template_localtime(query.queried_at), "H:i")
    stands = (
        f'<form method="post" action="{action}" hx-post="{action}" hx-target="#traveller" '
        f'hx-swap="outerHTML" class="inline">{csrf}{_hidden("board", row.board.pk)}'
        f"{_hidden('ns', row.ns.pk)}{_hidden('ew', row.ew.pk)}"
        f"{_hidden('version', result.version)}{_hidden('text', result.text)}"
        '<button type="submit" class="stands">Result stands</button></form>'
    )
    change = _keep_link(action, "focus", row, "Change result", css="button secondary change")
    return (
        f'<div class="query" role="note"><p><strong>Queried at table {query.link.table}</strong> '
        f"at {when}: the opponents did not agree with {_escape(result.text)}. Your ruling:</p>"
        f"<p>{stands} {change}</p></div>"
    )


def _score_in_brackets(score) -> str:
    return "" if score is None else f" ({signed(score)})"


def _keep_link(action: str, mark: str, row, text: str, css: str = "keep") -> str:
    """Esc's link: the rows again, the cursor on this one (`focus`) or past it (`after`)."""
    url = f"{action}?{mark}={row.key}"
    return (
        f'<a class="{css}" href="{url}" hx-get="{url}" hx-target="#traveller" '
        f'hx-swap="outerHTML">{text}</a>'
    )


def _score_cells(result) -> str:
    score = ""
    if result is not None:
        if result.kind == "played":
            score = signed(result.ns_score)
        elif result.kind == "adjusted":
            score = _escape(adjusted_label(result))
        else:
            score = _escape(result.get_kind_display())
        if result.foul_group:
            score += (
                f' <span class="tag" title="Fouled board: scored in group '
                f'{result.foul_group} (Law 87)">F{result.foul_group}</span>'
            )
    ns_points = ew_points = ""
    if result is not None and result.ns_points is not None:
        ns_points = two_places(result.ns_points)
    if result is not None and result.ew_points is not None:
        ew_points = two_places(result.ew_points)
    return (
        f'<td class="num">{score}</td><td class="num">{ns_points}</td>'
        f'<td class="num ew-points">{ew_points}</td>'
    )


def _delete_cell(row, action: str, csrf: str) -> str:
    if row.result is None or row.new:
        return '<td class="no-print"></td>'
    board = row.board
    label = f"Delete the result of board {board.number}, NS {row.ns.number} v EW {row.ew.number}"
    return (
        f'<td class="no-print"><form method="post" action="{action}" hx-post="{action}" '
        f'hx-target="#traveller" hx-swap="outerHTML" class="inline">{csrf}'
        f"{_hidden('board', board.pk)}{_hidden('ns', row.ns.pk)}{_hidden('ew', row.ew.pk)}"
        f"{_hidden('version', row.result.version)}{_hidden('text', '')}"
        f'<button type="submit" class="link danger clear-row" title="Delete this result (it '
        f'stays in the board\'s History)" aria-label="{_escape(label)}">✕</button></form></td>'
    )


def _escape(value) -> str:
    """As the template engine escapes a value (safe HTML as it is), without the lazy-string
    check Django's own _escape() makes on every call: a 41-row traveller makes 700 calls."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return _html_escape(str(value))


def _hidden(name: str, value) -> str:
    return f'<input type="hidden" name="{name}" value="{_escape(value)}">'


def _attr(pair, name: str):
    """A pair's number or id, or "" for the empty row's missing pair."""
    return "" if pair is None else getattr(pair, name)
