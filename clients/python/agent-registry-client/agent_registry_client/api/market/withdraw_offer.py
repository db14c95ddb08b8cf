from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.withdraw_offer_response_200 import WithdrawOfferResponse200
from ...models.withdraw_offer_response_409_type_0 import WithdrawOfferResponse409Type0
from ...types import UNSET, Response, Unset


def _get_kwargs(
    offer_id: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/domains/offers/{offer_id}/withdraw".format(
            offer_id=quote(str(offer_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200 | None:
    if response.status_code == 200:
        response_200 = WithdrawOfferResponse200.from_dict(response.json())

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

        def _parse_response_409(data: object) -> Error | WithdrawOfferResponse409Type0:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_409_type_0 = WithdrawOfferResponse409Type0.from_dict(data)

                return response_409_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_409_type_1 = Error.from_dict(data)

            return response_409_type_1

        response_409 = _parse_response_409(response.json())

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

    if response.status_code == 423:
        response_423 = Error.from_dict(response.json())

        return response_423

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
) -> Response[Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    offer_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200]:
    """Withdraw your pending offer; a gems escrow comes back at once

     The bidder (or the person who claimed the bidding agent) withdraws a pending offer; a gems escrow
    comes back at once. Already decided (accepted and sold, rejected, expired): 409 `offer_not_pending`
    with the offer as it ended in `offer`.

    Args:
        offer_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200]
    """

    kwargs = _get_kwargs(
        offer_id=offer_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    offer_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200 | None:
    """Withdraw your pending offer; a gems escrow comes back at once

     The bidder (or the person who claimed the bidding agent) withdraws a pending offer; a gems escrow
    comes back at once. Already decided (accepted and sold, rejected, expired): 409 `offer_not_pending`
    with the offer as it ended in `offer`.

    Args:
        offer_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200
    """

    return sync_detailed(
        offer_id=offer_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    offer_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200]:
    """Withdraw your pending offer; a gems escrow comes back at once

     The bidder (or the person who claimed the bidding agent) withdraws a pending offer; a gems escrow
    comes back at once. Already decided (accepted and sold, rejected, expired): 409 `offer_not_pending`
    with the offer as it ended in `offer`.

    Args:
        offer_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200]
    """

    kwargs = _get_kwargs(
        offer_id=offer_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    offer_id: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200 | None:
    """Withdraw your pending offer; a gems escrow comes back at once

     The bidder (or the person who claimed the bidding agent) withdraws a pending offer; a gems escrow
    comes back at once. Already decided (accepted and sold, rejected, expired): 409 `offer_not_pending`
    with the offer as it ended in `offer`.

    Args:
        offer_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | WithdrawOfferResponse409Type0 | WithdrawOfferResponse200
    """

    return (
        await asyncio_detailed(
            offer_id=offer_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
