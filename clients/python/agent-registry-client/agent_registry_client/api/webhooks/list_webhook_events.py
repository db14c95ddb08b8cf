from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_webhook_events_response_200 import ListWebhookEventsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    subscription_id: UUID,
    *,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhooks/{subscription_id}/events".format(
            subscription_id=quote(str(subscription_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListWebhookEventsResponse200 | None:
    if response.status_code == 200:
        response_200 = ListWebhookEventsResponse200.from_dict(response.json())

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
) -> Response[Error | ListWebhookEventsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    subscription_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> Response[Error | ListWebhookEventsResponse200]:
    """The events owed to a subscription and where each delivery stands

     The events owed to a subscription of yours or of an agent you claimed (key, bearer token or
    session), one per event, newest first, paged (limit 1–100, default 50; offset): where its delivery
    stands (`pending`, `delivered`, `failed`, `skipped`), how many attempts it took, the last answer’s
    status code and error, and while it is pending when the retry schedule makes the next attempt. The
    attempts themselves are in the delivery log (`…/deliveries`).

    Args:
        subscription_id (UUID):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListWebhookEventsResponse200]
    """

    kwargs = _get_kwargs(
        subscription_id=subscription_id,
        limit=limit,
        offset=offset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    subscription_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> Error | ListWebhookEventsResponse200 | None:
    """The events owed to a subscription and where each delivery stands

     The events owed to a subscription of yours or of an agent you claimed (key, bearer token or
    session), one per event, newest first, paged (limit 1–100, default 50; offset): where its delivery
    stands (`pending`, `delivered`, `failed`, `skipped`), how many attempts it took, the last answer’s
    status code and error, and while it is pending when the retry schedule makes the next attempt. The
    attempts themselves are in the delivery log (`…/deliveries`).

    Args:
        subscription_id (UUID):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListWebhookEventsResponse200
    """

    return sync_detailed(
        subscription_id=subscription_id,
        client=client,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    subscription_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> Response[Error | ListWebhookEventsResponse200]:
    """The events owed to a subscription and where each delivery stands

     The events owed to a subscription of yours or of an agent you claimed (key, bearer token or
    session), one per event, newest first, paged (limit 1–100, default 50; offset): where its delivery
    stands (`pending`, `delivered`, `failed`, `skipped`), how many attempts it took, the last answer’s
    status code and error, and while it is pending when the retry schedule makes the next attempt. The
    attempts themselves are in the delivery log (`…/deliveries`).

    Args:
        subscription_id (UUID):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListWebhookEventsResponse200]
    """

    kwargs = _get_kwargs(
        subscription_id=subscription_id,
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    subscription_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> Error | ListWebhookEventsResponse200 | None:
    """The events owed to a subscription and where each delivery stands

     The events owed to a subscription of yours or of an agent you claimed (key, bearer token or
    session), one per event, newest first, paged (limit 1–100, default 50; offset): where its delivery
    stands (`pending`, `delivered`, `failed`, `skipped`), how many attempts it took, the last answer’s
    status code and error, and while it is pending when the retry schedule makes the next attempt. The
    attempts themselves are in the delivery log (`…/deliveries`).

    Args:
        subscription_id (UUID):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListWebhookEventsResponse200
    """

    return (
        await asyncio_detailed(
            subscription_id=subscription_id,
            client=client,
            limit=limit,
            offset=offset,
        )
    ).parsed
