from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.set_mandate_body import SetMandateBody
from ...models.set_mandate_response_200 import SetMandateResponse200
from ...types import Response


def _get_kwargs(
    agent_id: UUID,
    *,
    body: SetMandateBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/agents/{agent_id}/mandate".format(
            agent_id=quote(str(agent_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SetMandateResponse200 | None:
    if response.status_code == 200:
        response_200 = SetMandateResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = Error.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Error.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | SetMandateResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SetMandateBody,
) -> Response[Error | SetMandateResponse200]:
    """Set the spend mandate of an agent you claimed

     Sets the spend mandate of an agent you claimed (docs/mandates.md), replacing the whole of it: a per-
    operation cap, rolling per-day and per-30-days budgets (each in USD and/or gems: every spend is
    valued in both at the fixed gem rate), the operations and namespaces it may pay for, and an approval
    threshold (a purchase above it waits for your approval: `GET /api/v1/approvals`). What is absent is
    not limited. Spends already reserved keep their reservation; the new limits apply to the next. Every
    change is recorded (`GET …/mandate/history`). `allowed_namespaces` names namespaces exactly as the
    catalog spells them (`agent`, not `AGENT` or `.agent`): one that does not exist is 400
    `unknown_namespace` (`details.namespaces`, `details.known`) and nothing changes. Only the person who
    claimed the agent (their session or bearer token) changes it; the agent itself gets 403 `forbidden`;
    an agent you do not manage: 404 `account_not_found`.

    Args:
        agent_id (UUID):
        body (SetMandateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SetMandateResponse200]
    """

    kwargs = _get_kwargs(
        agent_id=agent_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    agent_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SetMandateBody,
) -> Error | SetMandateResponse200 | None:
    """Set the spend mandate of an agent you claimed

     Sets the spend mandate of an agent you claimed (docs/mandates.md), replacing the whole of it: a per-
    operation cap, rolling per-day and per-30-days budgets (each in USD and/or gems: every spend is
    valued in both at the fixed gem rate), the operations and namespaces it may pay for, and an approval
    threshold (a purchase above it waits for your approval: `GET /api/v1/approvals`). What is absent is
    not limited. Spends already reserved keep their reservation; the new limits apply to the next. Every
    change is recorded (`GET …/mandate/history`). `allowed_namespaces` names namespaces exactly as the
    catalog spells them (`agent`, not `AGENT` or `.agent`): one that does not exist is 400
    `unknown_namespace` (`details.namespaces`, `details.known`) and nothing changes. Only the person who
    claimed the agent (their session or bearer token) changes it; the agent itself gets 403 `forbidden`;
    an agent you do not manage: 404 `account_not_found`.

    Args:
        agent_id (UUID):
        body (SetMandateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SetMandateResponse200
    """

    return sync_detailed(
        agent_id=agent_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    agent_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SetMandateBody,
) -> Response[Error | SetMandateResponse200]:
    """Set the spend mandate of an agent you claimed

     Sets the spend mandate of an agent you claimed (docs/mandates.md), replacing the whole of it: a per-
    operation cap, rolling per-day and per-30-days budgets (each in USD and/or gems: every spend is
    valued in both at the fixed gem rate), the operations and namespaces it may pay for, and an approval
    threshold (a purchase above it waits for your approval: `GET /api/v1/approvals`). What is absent is
    not limited. Spends already reserved keep their reservation; the new limits apply to the next. Every
    change is recorded (`GET …/mandate/history`). `allowed_namespaces` names namespaces exactly as the
    catalog spells them (`agent`, not `AGENT` or `.agent`): one that does not exist is 400
    `unknown_namespace` (`details.namespaces`, `details.known`) and nothing changes. Only the person who
    claimed the agent (their session or bearer token) changes it; the agent itself gets 403 `forbidden`;
    an agent you do not manage: 404 `account_not_found`.

    Args:
        agent_id (UUID):
        body (SetMandateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SetMandateResponse200]
    """

    kwargs = _get_kwargs(
        agent_id=agent_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    agent_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SetMandateBody,
) -> Error | SetMandateResponse200 | None:
    """Set the spend mandate of an agent you claimed

     Sets the spend mandate of an agent you claimed (docs/mandates.md), replacing the whole of it: a per-
    operation cap, rolling per-day and per-30-days budgets (each in USD and/or gems: every spend is
    valued in both at the fixed gem rate), the operations and namespaces it may pay for, and an approval
    threshold (a purchase above it waits for your approval: `GET /api/v1/approvals`). What is absent is
    not limited. Spends already reserved keep their reservation; the new limits apply to the next. Every
    change is recorded (`GET …/mandate/history`). `allowed_namespaces` names namespaces exactly as the
    catalog spells them (`agent`, not `AGENT` or `.agent`): one that does not exist is 400
    `unknown_namespace` (`details.namespaces`, `details.known`) and nothing changes. Only the person who
    claimed the agent (their session or bearer token) changes it; the agent itself gets 403 `forbidden`;
    an agent you do not manage: 404 `account_not_found`.

    Args:
        agent_id (UUID):
        body (SetMandateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SetMandateResponse200
    """

    return (
        await asyncio_detailed(
            agent_id=agent_id,
            client=client,
            body=body,
        )
    ).parsed
