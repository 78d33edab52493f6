"""Every model change comes with its migration: a model edited without `makemigrations`
would deploy with a schema the code does not match."""

from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.django_db  # makemigrations checks the applied history against the database
def test_the_models_need_no_new_migration():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit:  # --check exits 1 when a migration is missing
        pytest.fail(f"a model change has no migration (makemigrations exit {exit.code}):\n"
                    + out.getvalue())  # fmt: skip
