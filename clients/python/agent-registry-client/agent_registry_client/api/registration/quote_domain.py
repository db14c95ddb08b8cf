from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.quote_domain_body import QuoteDomainBody
from ...models.quote_domain_response_200 import QuoteDomainResponse200
from ...models.quote_domain_x_mpp_network import QuoteDomainXMppNetwork
from ...models.quote_domain_x_payment_method import QuoteDomainXPaymentMethod
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: QuoteDomainBody,
    x_payment_method: QuoteDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: QuoteDomainXMppNetwork | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_payment_method, Unset):
        headers["x-payment-method"] = str(x_payment_method)

    if not isinstance(x_mpp_network, Unset):
        headers["x-mpp-network"] = str(x_mpp_network)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/domains/quote",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | QuoteDomainResponse200 | None:
    if response.status_code == 200:
        response_200 = QuoteDomainResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

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
) -> Response[Error | QuoteDomainResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: QuoteDomainBody,
    x_payment_method: QuoteDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: QuoteDomainXMppNetwork | Unset = UNSET,
) -> Response[Error | QuoteDomainResponse200]:
    """Non-binding price quote; reserves nothing and creates no order

     A non-binding price for a name and term on the chosen machine-payment route. Reserves nothing and
    creates no order; re-quote before paying.

    Args:
        x_payment_method (QuoteDomainXPaymentMethod | Unset):
        x_mpp_network (QuoteDomainXMppNetwork | Unset):
        body (QuoteDomainBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | QuoteDomainResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        x_payment_method=x_payment_method,
        x_mpp_network=x_mpp_network,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: QuoteDomainBody,
    x_payment_method: QuoteDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: QuoteDomainXMppNetwork | Unset = UNSET,
) -> Error | QuoteDomainResponse200 | None:
    """Non-binding price quote; reserves nothing and creates no order

     A non-binding price for a name and term on the chosen machine-payment route. Reserves nothing and
    creates no order; re-quote before paying.

    Args:
        x_payment_method (QuoteDomainXPaymentMethod | Unset):
        x_mpp_network (QuoteDomainXMppNetwork | Unset):
        body (QuoteDomainBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | QuoteDomainResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
        x_payment_method=x_payment_method,
        x_mpp_network=x_mpp_network,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: QuoteDomainBody,
    x_payment_method: QuoteDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: QuoteDomainXMppNetwork | Unset = UNSET,
) -> Response[Error | QuoteDomainResponse200]:
    """Non-binding price quote; reserves nothing and creates no order

     A non-binding price for a name and term on the chosen machine-payment route. Reserves nothing and
    creates no order; re-quote before paying.

    Args:
        x_payment_method (QuoteDomainXPaymentMethod | Unset):
        x_mpp_network (QuoteDomainXMppNetwork | Unset):
        body (QuoteDomainBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | QuoteDomainResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
        x_payment_method=x_payment_method,
        x_mpp_network=x_mpp_network,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: QuoteDomainBody,
    x_payment_method: QuoteDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: QuoteDomainXMppNetwork | Unset = UNSET,
) -> Error | QuoteDomainResponse200 | None:
    """Non-binding price quote; reserves nothing and creates no order

     A non-binding price for a name and term on the chosen machine-payment route. Reserves nothing and
    creates no order; re-quote before paying.

    Args:
        x_payment_method (QuoteDomainXPaymentMethod | Unset):
        x_mpp_network (QuoteDomainXMppNetwork | Unset):
        body (QuoteDomainBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | QuoteDomainResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_payment_method=x_payment_method,
            x_mpp_network=x_mpp_network,
        )
    ).parsed
