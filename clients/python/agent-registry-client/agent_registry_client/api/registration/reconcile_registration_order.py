from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.reconcile_registration_order_response_200 import ReconcileRegistrationOrderResponse200
from ...types import Response


def _get_kwargs(
    order_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/agent/register-status/{order_id}/reconcile".format(
            order_id=quote(str(order_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ReconcileRegistrationOrderResponse200 | None:
    if response.status_code == 200:
        response_200 = ReconcileRegistrationOrderResponse200.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Error.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ReconcileRegistrationOrderResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    order_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | ReconcileRegistrationOrderResponse200]:
    """USDC route: reconcile a confirmed relay settlement with the registry (idempotent)

     USDC route (spec 4.6 step 8): looks at the relay now; a confirmed settlement is checked on chain (a
    `Transfer` of exactly the amount to the receiver) and the domain activated, then the order status is
    answered. Idempotent: a completed order is answered as it is (same payment reference; no second
    transfer, order or domain). Not confirmed: 409 `settlement_not_confirmed` with
    `details.settlement_status`, and nothing is activated; relay unreachable: 503 `relay_unavailable`
    (poll, never pay again).

    Args:
        order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReconcileRegistrationOrderResponse200]
    """

    kwargs = _get_kwargs(
        order_id=order_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    order_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | ReconcileRegistrationOrderResponse200 | None:
    """USDC route: reconcile a confirmed relay settlement with the registry (idempotent)

     USDC route (spec 4.6 step 8): looks at the relay now; a confirmed settlement is checked on chain (a
    `Transfer` of exactly the amount to the receiver) and the domain activated, then the order status is
    answered. Idempotent: a completed order is answered as it is (same payment reference; no second
    transfer, order or domain). Not confirmed: 409 `settlement_not_confirmed` with
    `details.settlement_status`, and nothing is activated; relay unreachable: 503 `relay_unavailable`
    (poll, never pay again).

    Args:
        order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReconcileRegistrationOrderResponse200
    """

    return sync_detailed(
        order_id=order_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    order_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | ReconcileRegistrationOrderResponse200]:
    """USDC route: reconcile a confirmed relay settlement with the registry (idempotent)

     USDC route (spec 4.6 step 8): looks at the relay now; a confirmed settlement is checked on chain (a
    `Transfer` of exactly the amount to the receiver) and the domain activated, then the order status is
    answered. Idempotent: a completed order is answered as it is (same payment reference; no second
    transfer, order or domain). Not confirmed: 409 `settlement_not_confirmed` with
    `details.settlement_status`, and nothing is activated; relay unreachable: 503 `relay_unavailable`
    (poll, never pay again).

    Args:
        order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ReconcileRegistrationOrderResponse200]
    """

    kwargs = _get_kwargs(
        order_id=order_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    order_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | ReconcileRegistrationOrderResponse200 | None:
    """USDC route: reconcile a confirmed relay settlement with the registry (idempotent)

     USDC route (spec 4.6 step 8): looks at the relay now; a confirmed settlement is checked on chain (a
    `Transfer` of exactly the amount to the receiver) and the domain activated, then the order status is
    answered. Idempotent: a completed order is answered as it is (same payment reference; no second
    transfer, order or domain). Not confirmed: 409 `settlement_not_confirmed` with
    `details.settlement_status`, and nothing is activated; relay unreachable: 503 `relay_unavailable`
    (poll, never pay again).

    Args:
        order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ReconcileRegistrationOrderResponse200
    """

    return (
        await asyncio_detailed(
            order_id=order_id,
            client=client,
        )
    ).parsed
