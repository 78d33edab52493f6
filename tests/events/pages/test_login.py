from django.urls import reverse


def test_a_director_logs_in_and_out(client, director):
    response = client.post(
        reverse("login"), {"username": "dora", "password": "a-long-test-password"}
    )
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert b"Log out dora" in client.get(reverse("home")).content
    client.post(reverse("logout"))
    assert b"Director login" in client.get(reverse("home")).content


def test_a_wrong_password_is_refused_with_a_message(client, director):
    response = client.post(reverse("login"), {"username": "dora", "password": "nope"})
    assert response.status_code == 200
    assert b"Please enter a correct username and password" in response.content


def test_the_admin_is_there(client, db):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response.url
