from django.contrib import admin

from events.lifecycle import restore_session
from events.models import Board, Club, Event, Member, Pair, Result, ResultChange, Section


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


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """For the site's administrators only: directors use the app's pages (events/views/staff)."""

    list_display = ["name", "date", "club", "scoring", "movement", "published", "deleted_at"]
    list_filter = ["club", "scoring", "published", ("deleted_at", admin.EmptyFieldListFilter)]
    readonly_fields = ["deleted_at", "deleted_by"]
    inlines = [SectionInline]
    actions = ["restore"]

    @admin.action(description="Restore the selected deleted sessions")
    def restore(self, request, queryset):
        for event in queryset.deleted():
            restore_session(event)


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["__str__", "section", "player1", "player2"]
    list_filter = ["section__event"]


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):
    list_display = ["number", "section", "board_set", "expected_results"]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ["board", "ns_pair", "ew_pair", "text", "ns_score", "ns_points", "ew_points"]
    readonly_fields = ["ns_points", "ew_points", "top"]
    ordering = ["-updated_at"]


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ["board", "ns_pair", "ew_pair", "action", "old_text", "new_text", "changed_at"]
