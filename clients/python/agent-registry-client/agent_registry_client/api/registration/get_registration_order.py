from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_registration_order_response_200 import GetRegistrationOrderResponse200
from ...types import Response


def _get_kwargs(
    order_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/agent/register-status/{order_id}".format(
            order_id=quote(str(order_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetRegistrationOrderResponse200 | None:
    if response.status_code == 200:
        response_200 = GetRegistrationOrderResponse200.from_dict(response.json())

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
) -> Response[Error | GetRegistrationOrderResponse200]:
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
) -> Response[Error | GetRegistrationOrderResponse200]:
    """Status of a registration order by its id (session id / hosted-checkout order id)

     A registration order by its id (session id or hosted-checkout order id): state, order status, the
    domain’s id and status, the paying transaction and, on the USDC route, where the relay’s settlement
    stands (`unknown` when the relay cannot be asked: a payment may be in flight). Complete when
    settlement is `confirmed`, `order_status` `paid` and `domain_status` `active`.

    Args:
        order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetRegistrationOrderResponse200]
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
) -> Error | GetRegistrationOrderResponse200 | None:
    """Status of a registration order by its id (session id / hosted-checkout order id)

     A registration order by its id (session id or hosted-checkout order id): state, order status, the
    domain’s id and status, the paying transaction and, on the USDC route, where the relay’s settlement
    stands (`unknown` when the relay cannot be asked: a payment may be in flight). Complete when
    settlement is `confirmed`, `order_status` `paid` and `domain_status` `active`.

    Args:
        order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetRegistrationOrderResponse200
    """

    return sync_detailed(
        order_id=order_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    order_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | GetRegistrationOrderResponse200]:
    """Status of a registration order by its id (session id / hosted-checkout order id)

     A registration order by its id (session id or hosted-checkout order id): state, order status, the
    domain’s id and status, the paying transaction and, on the USDC route, where the relay’s settlement
    stands (`unknown` when the relay cannot be asked: a payment may be in flight). Complete when
    settlement is `confirmed`, `order_status` `paid` and `domain_status` `active`.

    Args:
        order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetRegistrationOrderResponse200]
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
) -> Error | GetRegistrationOrderResponse200 | None:
    """Status of a registration order by its id (session id / hosted-checkout order id)

     A registration order by its id (session id or hosted-checkout order id): state, order status, the
    domain’s id and status, the paying transaction and, on the USDC route, where the relay’s settlement
    stands (`unknown` when the relay cannot be asked: a payment may be in flight). Complete when
    settlement is `confirmed`, `order_status` `paid` and `domain_status` `active`.

    Args:
        order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetRegistrationOrderResponse200
    """

    return (
        await asyncio_detailed(
            order_id=order_id,
            client=client,
        )
    ).parsed
