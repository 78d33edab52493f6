"""`{% live %}` writes a page's polling region as htmx reads it (the htmx documentation,
hx-trigger: "every <timing declaration>" polls, https://htmx.org/attributes/hx-trigger/;
hx-swap="outerHTML" replaces the element with the answer, so the answer's own trigger takes
over), once for every live page, and slows a final session's page down."""

import datetime

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.test import RequestFactory

from events.models import Event
from events.one_table.models import OneTableSession
from events.teams.models import TeamsEvent

REGION = "{% load live %}{% live event pair=pair %}<p>inside</p>{% endlive %}"


def render(source, path="/boards/3/", **context):
    request = RequestFactory().get(path)
    return Template(source).render(Context({"request": request, **context}))


def test_the_region_asks_this_path_every_second_since_the_version_it_shows():
    html = render(REGION, event=Event(pk=1, version=41, finalised=False), pair=None)
    assert html == (
        '<div id="live" hx-get="/boards/3/?since=41" hx-trigger="every 1s" '
        'hx-swap="outerHTML"><p>inside</p></div>'
    )


def test_extra_parameters_follow_the_version_escaped_for_the_attribute():
    html = render(REGION, event=Event(pk=1, version=41), pair=7)
    assert 'hx-get="/boards/3/?since=41&amp;pair=7"' in html
    several = "{% load live %}{% live event pair=pair section=section %}{% endlive %}"
    html = render(several, event=Event(pk=1, version=2), pair="", section='a&"b')
    assert 'hx-get="/boards/3/?since=2&amp;section=a%26%22b"' in html


def test_a_final_session_is_asked_every_thirty_seconds_and_a_corrected_one_too():
    final = Event(pk=1, version=42, finalised=True)
    assert 'hx-trigger="every 30s"' in render(REGION, event=final, pair=None)
    final.corrected_at = datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)  # final still
    assert 'hx-trigger="every 30s"' in render(REGION, event=final, pair=None)


@pytest.mark.parametrize("model", [TeamsEvent, OneTableSession])
def test_events_without_a_final_state_are_asked_every_second(model):
    html = render("{% load live %}{% live event %}{% endlive %}", event=model(pk=1, version=9))
    assert 'hx-get="/boards/3/?since=9" hx-trigger="every 1s"' in html


@pytest.mark.parametrize("finalised", [False, True])
def test_a_pdf_has_the_region_but_nothing_that_polls(finalised):
    html = render(REGION, event=Event(pk=1, version=41, finalised=finalised), pair=7, pdf=True)
    assert html == '<div id="live"><p>inside</p></div>'


def test_what_the_region_holds_is_escaped_as_usual():
    html = render(
        "{% load live %}{% live event %}{{ name }}{% endlive %}",
        event=Event(pk=1, version=1),
        name="<b>N&S</b>",
    )
    assert html.endswith('hx-swap="outerHTML">&lt;b&gt;N&amp;S&lt;/b&gt;</div>')


def test_the_compact_standings_build_their_own_element_from_the_same_parts():
    source = (
        '{% load live %}<section hx-get="{% live_url event "/sessions/1/standings/" '
        'section=section %}" hx-trigger="{% live_trigger event %}, clubscore:saved '
        'from:body">'
    )
    provisional = render(source, event=Event(pk=1, version=5), section=3)
    assert provisional == (
        '<section hx-get="/sessions/1/standings/?since=5&amp;section=3" '
        'hx-trigger="every 1s, clubscore:saved from:body">'
    )
    final = render(source, event=Event(pk=1, version=6, finalised=True), section=None)
    assert final == (
        '<section hx-get="/sessions/1/standings/?since=6" '
        'hx-trigger="every 30s, clubscore:saved from:body">'
    )


@pytest.mark.parametrize("source", ["{% live %}{% endlive %}", "{% live event 7 %}{% endlive %}",
                                    "{% live event %}"])  # fmt: skip
def test_a_region_written_wrong_fails_when_the_template_is_read(source):
    with pytest.raises(TemplateSyntaxError):
        Template("{% load live %}" + source)
