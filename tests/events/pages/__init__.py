"""Tests of pages across the apps: every URL, who may see what, queries per page, login."""
