import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse


@pytest.mark.parametrize("model", ["club", "event", "pair", "board", "result", "resultchange"])
def test_every_model_has_a_working_admin_list(client, mitchell_session, model):
    admin = get_user_model().objects.create_superuser("root", password="a-long-test-password")
    client.force_login(admin)
    response = client.get(reverse(f"admin:events_{model}_changelist"))
    assert response.status_code == 200
