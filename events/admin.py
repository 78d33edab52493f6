from django.contrib import admin

from events.models import Board, Club, Event, Pair, Result, ResultChange, Section


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "default_scoring"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "club", "scoring", "movement", "published"]
    list_filter = ["club", "scoring", "published"]
    inlines = [SectionInline]


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
