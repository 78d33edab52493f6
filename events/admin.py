from django.contrib import admin

from events.models import Board, Club, Event, Member, Pair, Result, ResultChange, Section
from events.models.sessions import RESTORE_DAYS
from events.sessions.lifecycle import delete_session, restore_session

# Results, their history and everything that decides a score change only through the app's pages
# (events.entry.saving.save_result, events.sessions.lifecycle): they validate, rescore and write
# history in one transaction, which a save here would skip. So these are shown here, never changed.
SCORING_FIELDS = [
    "scoring", "movement", "boards_per_round", "one_winner", "across_field", "version",
    "scored_as", "totals", "percentages", "rounding", "missing_results", "adjusted_boards",
    "adjusted_rule", "cross_imps", "ave_plus_imps", "butler_drop", "datum_rounding", "places",
]  # fmt: skip


class ViewOnlyAdmin(admin.ModelAdmin):
    """Rows to look at: no add, change or delete, even for a superuser."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "default_scoring"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["name", "number", "club", "active"]
    list_filter = ["club", "active"]
    search_fields = ["name", "number"]


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0
    # Tables, rounds and the movement's shape decide who played which board: app pages only.
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class RestorableDeleteAdmin(admin.ModelAdmin):
    """Sessions and teams events are deleted here as in the app: hidden, restorable for
    RESTORE_DAYS (events.sessions.lifecycle)."""

    actions = ["delete_restorably", "restore"]

    def has_add_permission(self, request):
        return False  # an event needs its sections or teams: the app's pages make them

    def has_delete_permission(self, request, obj=None):
        # Django's delete would take the event's results and their history with it at once:
        # here, as in the app, an event is deleted restorably (delete_restorably).
        return False

    @admin.action(
        description=f"Delete the selected %(verbose_name_plural)s (restorable for {RESTORE_DAYS} "
        "days)",
        permissions=["change"],
    )
    def delete_restorably(self, request, queryset):
        live = list(queryset.filter(deleted_at__isnull=True))
        for event in live:
            delete_session(event, request.user)
            self.log_change(request, event, "Deleted (restorable)")
        self.message_user(
            request,
            (
                f"Deleted {self._listed(live)}: restorable for {RESTORE_DAYS} days."
                if live
                else f"No {self.opts.verbose_name} deleted: those selected were deleted already."
            ),
        )

    @admin.action(description="Restore the selected deleted %(verbose_name_plural)s")
    def restore(self, request, queryset):
        gone = list(queryset.deleted())
        for event in gone:
            restore_session(event)
            self.log_change(request, event, "Restored")
        self.message_user(
            request,
            (
                f"Restored {self._listed(gone)}."
                if gone
                else f"No {self.opts.verbose_name} restored: those selected were not deleted."
            ),
        )

    def _listed(self, events: list) -> str:
        """Like `2 sessions (Tuesday pairs (24 Nov 2026), Friday pairs (27 Nov 2026))`."""
        noun = self.opts.verbose_name if len(events) == 1 else self.opts.verbose_name_plural
        return f"{len(events)} {noun} ({', '.join(map(str, events))})"


@admin.register(Event)
class EventAdmin(RestorableDeleteAdmin):
    """For the site's administrators only: directors use the app's pages (events/club/staff.py)."""

    list_display = ["name", "date", "club", "scoring", "movement", "published", "deleted_at"]
    list_filter = ["club", "scoring", "published", ("deleted_at", admin.EmptyFieldListFilter)]
    # Final results change only by a correction with its reason, in the app (events.entry).
    readonly_fields = ["deleted_at", "deleted_by", "finalised", "corrected_at", *SCORING_FIELDS]
    inlines = [SectionInline]


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    """Players' names may be corrected here; a pair's number and place in the movement may not."""

    list_display = ["__str__", "section", "player1", "player2"]
    list_filter = ["section__event"]
    readonly_fields = ["section", "number", "direction"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Board)
class BoardAdmin(ViewOnlyAdmin):
    list_display = ["number", "section", "board_set", "expected_results"]


@admin.register(Result)
class ResultAdmin(ViewOnlyAdmin):
    list_display = ["board", "ns_pair", "ew_pair", "text", "ns_score", "ns_points", "ew_points"]
    ordering = ["-updated_at"]


@admin.register(ResultChange)
class ResultChangeAdmin(ViewOnlyAdmin):
    list_display = [
        "board", "former_board_number", "ns_pair", "ew_pair", "action", "old_text", "new_text",
        "changed_at", "reason",
    ]  # fmt: skip
