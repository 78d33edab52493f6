from django.contrib import admin

from events.admin import RestorableDeleteAdmin
from events.teams.models import TeamsEvent


@admin.register(TeamsEvent)
class TeamsEventAdmin(RestorableDeleteAdmin):
    """For the site's administrators only, like EventAdmin: what scores the matches changes
    on the event's pages, which rescore."""

    list_display = ["name", "date", "club", "kind", "scoring", "published", "deleted_at"]
    list_filter = ["club", "kind", "published", ("deleted_at", admin.EmptyFieldListFilter)]
    readonly_fields = [
        "deleted_at", "deleted_by", "kind", "boards_per_match", "rounds", "scoring", "vp_scale",
        "club_vp_table", "bye_vps", "carry_over_home", "carry_over_away", "version",
        "created_by",
    ]  # fmt: skip
