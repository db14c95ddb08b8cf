import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_audit_events_response_200 import ListAuditEventsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_actor: str | Unset = UNSET
    if not isinstance(actor, Unset):
        json_actor = str(actor)
    params["actor"] = json_actor

    params["object"] = object_

    params["action"] = action

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/audit",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListAuditEventsResponse200 | None:
    if response.status_code == 200:
        response_200 = ListAuditEventsResponse200.from_dict(response.json())

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
) -> Response[Error | ListAuditEventsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Response[Error | ListAuditEventsResponse200]:
    """The audit trail of your account and your claimed agents, newest first

     The audit trail of your account and of the agents you claimed (docs/teams.md "Audit trail"), newest
    first, paged: every change made through the API, MCP, a batch or the dashboard, one event per
    operation, written in the same transaction as the change and never edited. Each says who (account,
    credential class, key id, address), what (the operation), on which object, with which fields.
    Filters: `actor`, `object`, `action`, `from`, `to`.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        actor (UUID | Unset):
        object_ (str | Unset):
        action (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListAuditEventsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        actor=actor,
        object_=object_,
        action=action,
        from_=from_,
        to=to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Error | ListAuditEventsResponse200 | None:
    """The audit trail of your account and your claimed agents, newest first

     The audit trail of your account and of the agents you claimed (docs/teams.md "Audit trail"), newest
    first, paged: every change made through the API, MCP, a batch or the dashboard, one event per
    operation, written in the same transaction as the change and never edited. Each says who (account,
    credential class, key id, address), what (the operation), on which object, with which fields.
    Filters: `actor`, `object`, `action`, `from`, `to`.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        actor (UUID | Unset):
        object_ (str | Unset):
        action (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListAuditEventsResponse200
    """

    return sync_detailed(
        client=client,
        limit=limit,
        offset=offset,
        actor=actor,
        object_=object_,
        action=action,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Response[Error | ListAuditEventsResponse200]:
    """The audit trail of your account and your claimed agents, newest first

     The audit trail of your account and of the agents you claimed (docs/teams.md "Audit trail"), newest
    first, paged: every change made through the API, MCP, a batch or the dashboard, one event per
    operation, written in the same transaction as the change and never edited. Each says who (account,
    credential class, key id, address), what (the operation), on which object, with which fields.
    Filters: `actor`, `object`, `action`, `from`, `to`.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        actor (UUID | Unset):
        object_ (str | Unset):
        action (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListAuditEventsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        actor=actor,
        object_=object_,
        action=action,
        from_=from_,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Error | ListAuditEventsResponse200 | None:
    """The audit trail of your account and your claimed agents, newest first

     The audit trail of your account and of the agents you claimed (docs/teams.md "Audit trail"), newest
    first, paged: every change made through the API, MCP, a batch or the dashboard, one event per
    operation, written in the same transaction as the change and never edited. Each says who (account,
    credential class, key id, address), what (the operation), on which object, with which fields.
    Filters: `actor`, `object`, `action`, `from`, `to`.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        actor (UUID | Unset):
        object_ (str | Unset):
        action (str | Unset):
        from_ (datetime.datetime | Unset):
        to (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListAuditEventsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            offset=offset,
            actor=actor,
            object_=object_,
            action=action,
            from_=from_,
            to=to,
        )
    ).parsed
