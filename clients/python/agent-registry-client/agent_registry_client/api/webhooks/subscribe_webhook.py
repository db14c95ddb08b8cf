from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.subscribe_webhook_body import SubscribeWebhookBody
from ...models.subscribe_webhook_response_200 import SubscribeWebhookResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SubscribeWebhookBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks/subscribe",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SubscribeWebhookResponse200 | None:
    if response.status_code == 200:
        response_200 = SubscribeWebhookResponse200.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = Error.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

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
) -> Response[Error | SubscribeWebhookResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SubscribeWebhookBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | SubscribeWebhookResponse200]:
    """Subscribe to events

     Subscribes the calling account (X-API-Key) to events. `target_url` must be https and resolve only to
    public addresses (checked now and before every delivery); `events` from the documented list;
    `secret` at least 24 printable characters, or omit it and a Standard Webhooks secret (`whsec_…`) is
    generated and shown in this answer only. The secret is never echoed again.

    Args:
        idempotency_key (str | Unset):
        body (SubscribeWebhookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SubscribeWebhookResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: SubscribeWebhookBody,
    idempotency_key: str | Unset = UNSET,
) -> Error | SubscribeWebhookResponse200 | None:
    """Subscribe to events

     Subscribes the calling account (X-API-Key) to events. `target_url` must be https and resolve only to
    public addresses (checked now and before every delivery); `events` from the documented list;
    `secret` at least 24 printable characters, or omit it and a Standard Webhooks secret (`whsec_…`) is
    generated and shown in this answer only. The secret is never echoed again.

    Args:
        idempotency_key (str | Unset):
        body (SubscribeWebhookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SubscribeWebhookResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SubscribeWebhookBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | SubscribeWebhookResponse200]:
    """Subscribe to events

     Subscribes the calling account (X-API-Key) to events. `target_url` must be https and resolve only to
    public addresses (checked now and before every delivery); `events` from the documented list;
    `secret` at least 24 printable characters, or omit it and a Standard Webhooks secret (`whsec_…`) is
    generated and shown in this answer only. The secret is never echoed again.

    Args:
        idempotency_key (str | Unset):
        body (SubscribeWebhookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SubscribeWebhookResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SubscribeWebhookBody,
    idempotency_key: str | Unset = UNSET,
) -> Error | SubscribeWebhookResponse200 | None:
    """Subscribe to events

     Subscribes the calling account (X-API-Key) to events. `target_url` must be https and resolve only to
    public addresses (checked now and before every delivery); `events` from the documented list;
    `secret` at least 24 printable characters, or omit it and a Standard Webhooks secret (`whsec_…`) is
    generated and shown in this answer only. The secret is never echoed again.

    Args:
        idempotency_key (str | Unset):
        body (SubscribeWebhookBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SubscribeWebhookResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
