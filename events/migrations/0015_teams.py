# Models for teams events scored in VPs. Operations are filled in by hand from
# `makemigrations events --dry-run -v 3`, keeping only this feature's operations.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0014_table_links"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Team',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField()),
                ('name', models.CharField(max_length=60)),
                ('members', models.CharField(blank=True, help_text='Players, comma-separated.', max_length=300)),
            ],
            options={
                'ordering': ['number'],
            },
        ),
        migrations.CreateModel(
            name='TeamsEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=100)),
                ('date', models.DateField()),
                ('kind', models.CharField(choices=[('swiss', 'Swiss teams'), ('round-robin', 'Round robin (every team meets every other)'), ('ko', 'Knockout match (IMPs over segments)')], default='swiss', max_length=12)),
                ('boards_per_match', models.PositiveSmallIntegerField(default=7, help_text="Boards each match plays (a KO segment's boards).")),
                ('rounds', models.PositiveSmallIntegerField(default=4, help_text='Swiss: rounds to play. KO: segments. A round robin plays them all.')),
                ('vp_scale', models.CharField(choices=[('wbf-2013', 'WBF 2013 continuous 20-point scale (two decimals)'), ('wbf-2013-discrete', 'WBF 2013 discrete 20-point scale (whole VPs)'), ('acbl-20', 'ACBL 20-point Swiss scale (6-8 or 9-11 boards)'), ('acbl-30', 'ACBL 30-point Swiss scale (6-8 or 9-11 boards)'), ('club', 'Club-defined table')], default='wbf-2013', max_length=20, verbose_name='VP scale')),
                ('club_vp_table', models.TextField(blank=True, help_text="Only for the club's own scale: one row a line, e.g. 0-2 10-10, 3-6 11-9, …, 25+ 20-0.", verbose_name='Club VP table')),
                ('bye_vps', models.CharField(choices=[('12', '12 VPs'), ('average', "The team's average VPs in its other matches")], default='12', max_length=10, verbose_name='A bye scores')),
                ('carry_over_home', models.DecimalField(decimal_places=1, default=0, max_digits=6, verbose_name='KO carry-over, team 1')),
                ('carry_over_away', models.DecimalField(decimal_places=1, default=0, max_digits=6, verbose_name='KO carry-over, team 2')),
                ('published', models.BooleanField(default=False, help_text='Published results are open to everyone; others to directors.')),
                ('version', models.PositiveIntegerField(default=0, help_text='Goes up with every change, so open pages know when to refresh.')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='teams_events', to='events.club')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'teams event',
                'ordering': ['-date', '-pk'],
            },
        ),
        migrations.CreateModel(
            name='TeamMatch',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round', models.PositiveSmallIntegerField()),
                ('table', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('forfeit', models.CharField(blank=True, choices=[('', 'No'), ('home', 'The home team forfeits'), ('away', 'The away team forfeits')], default='', max_length=4)),
                ('home_imp_penalty', models.DecimalField(decimal_places=1, default=0, max_digits=5)),
                ('away_imp_penalty', models.DecimalField(decimal_places=1, default=0, max_digits=5)),
                ('home_vp_penalty', models.DecimalField(decimal_places=2, default=0, max_digits=5)),
                ('away_vp_penalty', models.DecimalField(decimal_places=2, default=0, max_digits=5)),
                ('boards_entered', models.PositiveSmallIntegerField(default=0)),
                ('home_imps', models.DecimalField(decimal_places=1, default=0, max_digits=6)),
                ('away_imps', models.DecimalField(decimal_places=1, default=0, max_digits=6)),
                ('home_vps', models.DecimalField(blank=True, decimal_places=2, max_digits=6, null=True)),
                ('away_vps', models.DecimalField(blank=True, decimal_places=2, max_digits=6, null=True)),
                ('away', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='away_matches', to='events.team')),
                ('home', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='home_matches', to='events.team')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='matches', to='events.teamsevent')),
            ],
            options={
                'verbose_name_plural': 'team matches',
                'ordering': ['round', models.OrderBy(models.F('table'), nulls_last=True)],
            },
        ),
        migrations.AddField(
            model_name='team',
            name='event',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='teams', to='events.teamsevent'),
        ),
        migrations.CreateModel(
            name='MatchBoard',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField()),
                ('open_result', models.CharField(blank=True, max_length=40)),
                ('open_ns_score', models.IntegerField(blank=True, null=True)),
                ('closed_result', models.CharField(blank=True, max_length=40)),
                ('closed_ns_score', models.IntegerField(blank=True, null=True)),
                ('adjusted', models.CharField(blank=True, choices=[('', 'Played in both rooms'), ('ave', 'Average to both teams (0 IMPs)'), ('home-plus', 'Ave+ home, Ave− away (+3 IMPs home)'), ('away-plus', 'Ave− home, Ave+ away (+3 IMPs away)'), ('both-plus', 'Ave+ to both teams (+3 IMPs each)')], default='', max_length=10)),
                ('home_imps', models.PositiveSmallIntegerField(default=0)),
                ('away_imps', models.PositiveSmallIntegerField(default=0)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='boards', to='events.teammatch')),
            ],
            options={
                'ordering': ['number'],
                'constraints': [models.UniqueConstraint(fields=('match', 'number'), name='match_board_once'), models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='match_board_positive'), models.CheckConstraint(condition=models.Q(('adjusted__in', ['', 'ave', 'home-plus', 'away-plus', 'both-plus'])), name='match_board_adjusted_known'), models.CheckConstraint(condition=models.Q(models.Q(('adjusted', ''), ('closed_ns_score__isnull', False), ('open_ns_score__isnull', False)), models.Q(('adjusted', ''), _negated=True), _connector='OR'), name='match_board_both_rooms'), models.CheckConstraint(condition=models.Q(('home_imps__lte', 24), ('away_imps__lte', 24)), name='match_board_imps_0_24')],
            },
        ),
        migrations.AddConstraint(
            model_name='teamsevent',
            constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['swiss', 'round-robin', 'ko'])), name='teams_kind_known'),
        ),
        migrations.AddConstraint(
            model_name='teamsevent',
            constraint=models.CheckConstraint(condition=models.Q(('vp_scale__in', ['wbf-2013', 'wbf-2013-discrete', 'acbl-20', 'acbl-30', 'club'])), name='teams_vp_scale_known'),
        ),
        migrations.AddConstraint(
            model_name='teamsevent',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('vp_scale', 'club'), _negated=True), models.Q(('club_vp_table', ''), _negated=True), _connector='OR'), name='teams_club_scale_has_table'),
        ),
        migrations.AddConstraint(
            model_name='teamsevent',
            constraint=models.CheckConstraint(condition=models.Q(('bye_vps__in', ['12', 'average'])), name='teams_bye_vps_known'),
        ),
        migrations.AddConstraint(
            model_name='teamsevent',
            constraint=models.CheckConstraint(condition=models.Q(('boards_per_match__gte', 1), ('boards_per_match__lte', 64)), name='teams_boards_per_match_1_to_64'),
        ),
        migrations.AddConstraint(
            model_name='teamsevent',
            constraint=models.CheckConstraint(condition=models.Q(('rounds__gte', 1), ('rounds__lte', 30)), name='teams_rounds_1_to_30'),
        ),
        migrations.AddConstraint(
            model_name='teamsevent',
            constraint=models.CheckConstraint(condition=models.Q(('carry_over_home__gte', 0), ('carry_over_away__gte', 0)), name='teams_carry_over_not_negative'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.UniqueConstraint(fields=('event', 'round', 'table'), name='match_table_once'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.UniqueConstraint(fields=('event', 'round', 'home'), name='match_home_once'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.UniqueConstraint(fields=('event', 'round', 'away'), name='match_away_once'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.CheckConstraint(condition=models.Q(('round__gte', 1)), name='match_round_positive'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.CheckConstraint(condition=models.Q(('home', models.F('away')), _negated=True), name='match_two_teams'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('away__isnull', True), ('table__isnull', True)), models.Q(('away__isnull', False), ('table__gte', 1)), _connector='OR'), name='match_bye_has_no_table'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.CheckConstraint(condition=models.Q(('forfeit', ''), models.Q(('forfeit__in', ['home', 'away']), ('away__isnull', False)), _connector='OR'), name='match_forfeit_known'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.CheckConstraint(condition=models.Q(('home_imp_penalty__gte', 0), ('away_imp_penalty__gte', 0), ('home_vp_penalty__gte', 0), ('away_vp_penalty__gte', 0)), name='match_penalties_not_negative'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='team_number_once'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('event', 'name'), name='team_name_once'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='team_number_positive'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.CheckConstraint(condition=models.Q(('name', ''), _negated=True), name='team_has_name'),
        ),
    ]
