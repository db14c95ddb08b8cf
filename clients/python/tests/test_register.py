"""An agent's journey with the generated Python client, against a running registry.

    REGISTRY_BASE_URL=http://127.0.0.1:3000 \
    REGISTRY_GRANT_GEMS="npm run -s ops -- grant-gems" \
    PYTHONPATH=clients/python/agent-registry-client python3 -m pytest clients/python/tests

Gems are prepaid by an operator (docs/operations.md "Operator CLI"): REGISTRY_GRANT_GEMS is the command
that grants them, run with the new account's id and the amount appended (on `npm start`, the line above
with DATABASE_URL set to the stack's database). test/integration/clients-python.test.ts runs this file
against a stack of its own.
"""

import os
import secrets
import shlex
import subprocess

import pytest
from agent_registry_client import AuthenticatedClient, Client
from agent_registry_client.api.discovery import lookup_domain
from agent_registry_client.api.identity import get_balance, provision_agent
from agent_registry_client.api.registration import register_domain
from agent_registry_client.models import (
    GetBalanceResponse200,
    LookupDomainResponse200,
    ProvisionAgentBody,
    ProvisionAgentResponse200,
    RegisterDomainBody,
    RegisterDomainBodyPaymentMethod,
    RegisterDomainResponse200,
)

BASE_URL = os.environ.get("REGISTRY_BASE_URL")
PRICE_GEMS = 1500  # .agent, an agent's price for one year

pytestmark = pytest.mark.skipif(not BASE_URL, reason="set REGISTRY_BASE_URL to a running registry")


def grant_gems(account_id: str, amount: int) -> None:
    command = os.environ.get("REGISTRY_GRANT_GEMS")
    assert command, "set REGISTRY_GRANT_GEMS to the operator command that grants gems"
    subprocess.run([*shlex.split(command), account_id, str(amount)], check=True, capture_output=True)


def test_register_with_gems_and_look_it_up() -> None:
    anonymous = Client(base_url=BASE_URL, raise_on_unexpected_status=True)
    identity = provision_agent.sync(client=anonymous, body=ProvisionAgentBody(display_name="python client"))
    assert isinstance(identity, ProvisionAgentResponse200), identity
    grant_gems(identity.account_id, PRICE_GEMS)

    # The key goes in X-API-Key, bare (no "Bearer" prefix).
    agent = AuthenticatedClient(
        base_url=BASE_URL, token=identity.api_key, prefix="", auth_header_name="X-API-Key"
    )
    balance = get_balance.sync(client=agent)
    assert isinstance(balance, GetBalanceResponse200), balance
    assert balance.gems_balance == PRICE_GEMS

    label = f"py{secrets.token_hex(5)}"
    registered = register_domain.sync(
        client=agent,
        body=RegisterDomainBody(
            domain=label,
            namespace="agent",
            years=1,
            agreed_to_terms=True,
            payment_method=RegisterDomainBodyPaymentMethod.GEMS,
        ),
    )
    assert isinstance(registered, RegisterDomainResponse200), registered
    assert registered.domain.name == f"{label}.agent"
    assert registered.domain.owner_id == identity.account_id
    assert (registered.order.payment_method, registered.order.amount_gems) == ("gems", PRICE_GEMS)

    found = lookup_domain.sync(f"{label}.agent", client=anonymous)
    assert isinstance(found, LookupDomainResponse200), found
    assert (found.domain.name, found.domain.status) == (f"{label}.agent", "active")
    assert found.domain.expiry_date == registered.domain.expiry_date

    after = get_balance.sync(client=agent)
    assert isinstance(after, GetBalanceResponse200) and after.gems_balance == 0
