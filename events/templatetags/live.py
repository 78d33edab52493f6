"""The live region of a page that follows other people's saves (events/core/live.py answers its
polls), written once for every such page: `{% live event %}…{% endlive %}` gives

    <div id="live" hx-get="<this path>?since=<version>" hx-trigger="every 1s"
         hx-swap="outerHTML">…</div>

with the trigger of events.core.live.poll_trigger (slower once the session is final). Keyword
arguments add the query parameters the page's polls need (`{% live event pair=highlight %}`),
left out when empty. A PDF (`pdf` in the context) has nobody to poll for: its region is a
plain `<div id="live">`. A region of another shape (the compact standings) builds its
attributes from the same parts, `{% live_url %}` and `{% live_trigger %}`.
"""

from django import template
from django.template.base import token_kwargs
from django.utils.html import format_html
from django.utils.http import urlencode

from events.core.live import poll_trigger

register = template.Library()


def poll_url(path: str, subject, params: dict) -> str:
    """`path` asking for what changed since the version `subject` shows (unescaped)."""
    query = {"since": subject.version}
    query.update((key, value) for key, value in params.items() if value not in (None, ""))
    return f"{path}?{urlencode(query)}"


@register.simple_tag
def live_url(subject, path, **params) -> str:
    return poll_url(path, subject, params)


@register.simple_tag
def live_trigger(subject) -> str:
    return poll_trigger(subject)


class LiveNode(template.Node):
    def __init__(self, subject, params, nodelist):
        self.subject, self.params, self.nodelist = subject, params, nodelist

    def render(self, context):
        inside = self.nodelist.render(context)
        if context.get("pdf"):
            return format_html('<div id="live">{}</div>', inside)
        subject = self.subject.resolve(context)
        params = {key: value.resolve(context) for key, value in self.params.items()}
        url = poll_url(context["request"].path, subject, params)
        return format_html(
            '<div id="live" hx-get="{}" hx-trigger="{}" hx-swap="outerHTML">{}</div>',
            url,
            poll_trigger(subject),
            inside,
        )


@register.tag
def live(parser, token):
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% live %} needs what the page follows: {% live x %}")
    subject = parser.compile_filter(bits[1])
    rest = bits[2:]
    params = token_kwargs(rest, parser)
    if rest:
        raise template.TemplateSyntaxError(f"{{% live %}} takes key=value, not {rest[0]!r}")
    nodelist = parser.parse(("endlive",))
    parser.delete_first_token()
    return LiveNode(subject, params, nodelist)
