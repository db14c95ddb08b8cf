from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.mandate_refusal import MandateRefusal
from ...models.verify_mpp_payment_body import VerifyMppPaymentBody
from ...models.verify_mpp_payment_response_200 import VerifyMppPaymentResponse200
from ...types import Response


def _get_kwargs(
    *,
    body: VerifyMppPaymentBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/payments/verify-mpp",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Error | MandateRefusal | VerifyMppPaymentResponse200 | None:
    if response.status_code == 200:
        response_200 = VerifyMppPaymentResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 402:
        response_402 = Error.from_dict(response.json())

        return response_402

    if response.status_code == 403:

        def _parse_response_403(data: object) -> Error | MandateRefusal:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_0 = MandateRefusal.from_dict(data)

                return response_403_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_403_type_1 = Error.from_dict(data)

            return response_403_type_1

        response_403 = _parse_response_403(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Error | MandateRefusal | VerifyMppPaymentResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyMppPaymentBody,
) -> Response[Error | Error | MandateRefusal | VerifyMppPaymentResponse200]:
    """Verify a machine-payment receipt for an open checkout and register the domain

     Verifies a receipt for an open checkout by session id and registers the domain.

    Args:
        body (VerifyMppPaymentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | VerifyMppPaymentResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyMppPaymentBody,
) -> Error | Error | MandateRefusal | VerifyMppPaymentResponse200 | None:
    """Verify a machine-payment receipt for an open checkout and register the domain

     Verifies a receipt for an open checkout by session id and registers the domain.

    Args:
        body (VerifyMppPaymentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | VerifyMppPaymentResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyMppPaymentBody,
) -> Response[Error | Error | MandateRefusal | VerifyMppPaymentResponse200]:
    """Verify a machine-payment receipt for an open checkout and register the domain

     Verifies a receipt for an open checkout by session id and registers the domain.

    Args:
        body (VerifyMppPaymentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | VerifyMppPaymentResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyMppPaymentBody,
) -> Error | Error | MandateRefusal | VerifyMppPaymentResponse200 | None:
    """Verify a machine-payment receipt for an open checkout and register the domain

     Verifies a receipt for an open checkout by session id and registers the domain.

    Args:
        body (VerifyMppPaymentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | VerifyMppPaymentResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
