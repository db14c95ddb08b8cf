import datetime
from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime,
    to: datetime.datetime,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_actor: str | Unset = UNSET
    if not isinstance(actor, Unset):
        json_actor = str(actor)
    params["actor"] = json_actor

    params["object"] = object_

    params["action"] = action

    json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to = to.isoformat()
    params["to"] = json_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/audit/export",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | None:
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime,
    to: datetime.datetime,
) -> Response[Error]:
    """The audit trail for a time range, as JSON Lines

     The same events as JSON Lines (`application/x-ndjson`, one event per line, oldest first) for a time
    range (`from` and `to` required) and the same filters; at most 50000 events at a time (413 beyond:
    narrow the range).

    Args:
        actor (UUID | Unset):
        object_ (str | Unset):
        action (str | Unset):
        from_ (datetime.datetime):
        to (datetime.datetime):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
    """

    kwargs = _get_kwargs(
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
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime,
    to: datetime.datetime,
) -> Error | None:
    """The audit trail for a time range, as JSON Lines

     The same events as JSON Lines (`application/x-ndjson`, one event per line, oldest first) for a time
    range (`from` and `to` required) and the same filters; at most 50000 events at a time (413 beyond:
    narrow the range).

    Args:
        actor (UUID | Unset):
        object_ (str | Unset):
        action (str | Unset):
        from_ (datetime.datetime):
        to (datetime.datetime):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return sync_detailed(
        client=client,
        actor=actor,
        object_=object_,
        action=action,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime,
    to: datetime.datetime,
) -> Response[Error]:
    """The audit trail for a time range, as JSON Lines

     The same events as JSON Lines (`application/x-ndjson`, one event per line, oldest first) for a time
    range (`from` and `to` required) and the same filters; at most 50000 events at a time (413 beyond:
    narrow the range).

    Args:
        actor (UUID | Unset):
        object_ (str | Unset):
        action (str | Unset):
        from_ (datetime.datetime):
        to (datetime.datetime):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
    """

    kwargs = _get_kwargs(
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
    actor: UUID | Unset = UNSET,
    object_: str | Unset = UNSET,
    action: str | Unset = UNSET,
    from_: datetime.datetime,
    to: datetime.datetime,
) -> Error | None:
    """The audit trail for a time range, as JSON Lines

     The same events as JSON Lines (`application/x-ndjson`, one event per line, oldest first) for a time
    range (`from` and `to` required) and the same filters; at most 50000 events at a time (413 beyond:
    narrow the range).

    Args:
        actor (UUID | Unset):
        object_ (str | Unset):
        action (str | Unset):
        from_ (datetime.datetime):
        to (datetime.datetime):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return (
        await asyncio_detailed(
            client=client,
            actor=actor,
            object_=object_,
            action=action,
            from_=from_,
            to=to,
        )
    ).parsed
