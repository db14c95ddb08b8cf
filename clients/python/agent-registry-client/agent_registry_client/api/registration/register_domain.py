from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.mandate_refusal import MandateRefusal
from ...models.register_domain_body import RegisterDomainBody
from ...models.register_domain_response_200 import RegisterDomainResponse200
from ...models.register_domain_response_202_type_0 import RegisterDomainResponse202Type0
from ...models.register_domain_response_202_type_1 import RegisterDomainResponse202Type1
from ...models.register_domain_response_402_type_0_type_0 import RegisterDomainResponse402Type0Type0
from ...models.register_domain_response_402_type_0_type_1 import RegisterDomainResponse402Type0Type1
from ...models.register_domain_x_mpp_network import RegisterDomainXMppNetwork
from ...models.register_domain_x_payment_method import RegisterDomainXPaymentMethod
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: RegisterDomainBody,
    x_payment_method: RegisterDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: RegisterDomainXMppNetwork | Unset = UNSET,
    payment_signature: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_payment_method, Unset):
        headers["x-payment-method"] = str(x_payment_method)

    if not isinstance(x_mpp_network, Unset):
        headers["x-mpp-network"] = str(x_mpp_network)

    if not isinstance(payment_signature, Unset):
        headers["payment-signature"] = payment_signature

    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/domains/register",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterDomainResponse402Type0Type0
    | RegisterDomainResponse402Type0Type1
    | RegisterDomainResponse200
    | RegisterDomainResponse202Type0
    | RegisterDomainResponse202Type1
    | None
):
    if response.status_code == 200:
        response_200 = RegisterDomainResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 202:

        def _parse_response_202(data: object) -> RegisterDomainResponse202Type0 | RegisterDomainResponse202Type1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_202_type_0 = RegisterDomainResponse202Type0.from_dict(data)

                return response_202_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_202_type_1 = RegisterDomainResponse202Type1.from_dict(data)

            return response_202_type_1

        response_202 = _parse_response_202(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:

        def _parse_response_402(
            data: object,
        ) -> Error | RegisterDomainResponse402Type0Type0 | RegisterDomainResponse402Type0Type1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_402_type_0_type_0 = RegisterDomainResponse402Type0Type0.from_dict(data)

                return response_402_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_402_type_0_type_1 = RegisterDomainResponse402Type0Type1.from_dict(data)

                return response_402_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_402_type_1 = Error.from_dict(data)

            return response_402_type_1

        response_402 = _parse_response_402(response.json())

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterDomainResponse402Type0Type0
    | RegisterDomainResponse402Type0Type1
    | RegisterDomainResponse200
    | RegisterDomainResponse202Type0
    | RegisterDomainResponse202Type1
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: RegisterDomainBody,
    x_payment_method: RegisterDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: RegisterDomainXMppNetwork | Unset = UNSET,
    payment_signature: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterDomainResponse402Type0Type0
    | RegisterDomainResponse402Type0Type1
    | RegisterDomainResponse200
    | RegisterDomainResponse202Type0
    | RegisterDomainResponse202Type1
]:
    """Register a name: 402 challenge on mpp (default route, or the USDC route with X-MPP-Network: base-
    mainnet), instant on gems or when free, hosted checkout on partner namespaces

     Registers a name. Default `mpp`: without a receipt a 402 challenge (`WWW-Authenticate: Payment`,
    mppx’s `tempo` charge in pathUSD), which any MPP client pays and re-sends with `Authorization:
    Payment <credential>`; by hand, pay `transferWithMemo(pay_to, amount_minor, memo)` on chain and re-
    send the transaction hash in `Authorization: Payment` or `receipt`. A receipt the chain cannot be
    asked about now is 503 `verification_unavailable`: re-send the same receipt later, never pay again.
    A payment that landed after its checkout closed unpaid (expired or reset) registers nothing: its
    receipt, re-sent by the checkout’s holder, is credited once as gems and answered 409
    `checkout_closed` with `details.credited`. `gems` and free registrations complete at once; partner
    namespaces offer the hosted checkout to people (202). The USDC route (`X-MPP-Network: base-mainnet`
    and `mpp_network: base-mainnet`, with `X-API-Key`; operator-gated) answers 402 with the checkout
    relay’s session (`session_id`, single-use `session_token`, `settle_url`, `receipt_url`), the flat
    `payment_challenges` (x402 `exact`, EIP-3009, `eip155:8453`) and the request, domain and quote it is
    bound to; 503 `settlement_disabled` when the relay does not settle; asking again before any
    authorization reached the relay (the client refused to sign) closes that session and answers a fresh
    402; once one has, asking again is 409 `payment_may_be_in_flight`, never a second challenge. The
    same 402 carries x402 v2’s `PAYMENT-REQUIRED` header (scheme `exact` on `eip155:8453`), so a stock
    x402 client pays unmodified: its retry with `PAYMENT-SIGNATURE` pays the open checkout of the same
    request and key through the relay, and answers 200 with `PAYMENT-RESPONSE` once the name is active;
    the same signature again returns that registration and charges nothing.

    Args:
        x_payment_method (RegisterDomainXPaymentMethod | Unset):
        x_mpp_network (RegisterDomainXMppNetwork | Unset):
        payment_signature (str | Unset):
        idempotency_key (str | Unset):
        body (RegisterDomainBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | Error | RegisterDomainResponse402Type0Type0 | RegisterDomainResponse402Type0Type1 | RegisterDomainResponse200 | RegisterDomainResponse202Type0 | RegisterDomainResponse202Type1]
    """

    kwargs = _get_kwargs(
        body=body,
        x_payment_method=x_payment_method,
        x_mpp_network=x_mpp_network,
        payment_signature=payment_signature,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: RegisterDomainBody,
    x_payment_method: RegisterDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: RegisterDomainXMppNetwork | Unset = UNSET,
    payment_signature: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterDomainResponse402Type0Type0
    | RegisterDomainResponse402Type0Type1
    | RegisterDomainResponse200
    | RegisterDomainResponse202Type0
    | RegisterDomainResponse202Type1
    | None
):
    """Register a name: 402 challenge on mpp (default route, or the USDC route with X-MPP-Network: base-
    mainnet), instant on gems or when free, hosted checkout on partner namespaces

     Registers a name. Default `mpp`: without a receipt a 402 challenge (`WWW-Authenticate: Payment`,
    mppx’s `tempo` charge in pathUSD), which any MPP client pays and re-sends with `Authorization:
    Payment <credential>`; by hand, pay `transferWithMemo(pay_to, amount_minor, memo)` on chain and re-
    send the transaction hash in `Authorization: Payment` or `receipt`. A receipt the chain cannot be
    asked about now is 503 `verification_unavailable`: re-send the same receipt later, never pay again.
    A payment that landed after its checkout closed unpaid (expired or reset) registers nothing: its
    receipt, re-sent by the checkout’s holder, is credited once as gems and answered 409
    `checkout_closed` with `details.credited`. `gems` and free registrations complete at once; partner
    namespaces offer the hosted checkout to people (202). The USDC route (`X-MPP-Network: base-mainnet`
    and `mpp_network: base-mainnet`, with `X-API-Key`; operator-gated) answers 402 with the checkout
    relay’s session (`session_id`, single-use `session_token`, `settle_url`, `receipt_url`), the flat
    `payment_challenges` (x402 `exact`, EIP-3009, `eip155:8453`) and the request, domain and quote it is
    bound to; 503 `settlement_disabled` when the relay does not settle; asking again before any
    authorization reached the relay (the client refused to sign) closes that session and answers a fresh
    402; once one has, asking again is 409 `payment_may_be_in_flight`, never a second challenge. The
    same 402 carries x402 v2’s `PAYMENT-REQUIRED` header (scheme `exact` on `eip155:8453`), so a stock
    x402 client pays unmodified: its retry with `PAYMENT-SIGNATURE` pays the open checkout of the same
    request and key through the relay, and answers 200 with `PAYMENT-RESPONSE` once the name is active;
    the same signature again returns that registration and charges nothing.

    Args:
        x_payment_method (RegisterDomainXPaymentMethod | Unset):
        x_mpp_network (RegisterDomainXMppNetwork | Unset):
        payment_signature (str | Unset):
        idempotency_key (str | Unset):
        body (RegisterDomainBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | Error | RegisterDomainResponse402Type0Type0 | RegisterDomainResponse402Type0Type1 | RegisterDomainResponse200 | RegisterDomainResponse202Type0 | RegisterDomainResponse202Type1
    """

    return sync_detailed(
        client=client,
        body=body,
        x_payment_method=x_payment_method,
        x_mpp_network=x_mpp_network,
        payment_signature=payment_signature,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RegisterDomainBody,
    x_payment_method: RegisterDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: RegisterDomainXMppNetwork | Unset = UNSET,
    payment_signature: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterDomainResponse402Type0Type0
    | RegisterDomainResponse402Type0Type1
    | RegisterDomainResponse200
    | RegisterDomainResponse202Type0
    | RegisterDomainResponse202Type1
]:
    """Register a name: 402 challenge on mpp (default route, or the USDC route with X-MPP-Network: base-
    mainnet), instant on gems or when free, hosted checkout on partner namespaces

     Registers a name. Default `mpp`: without a receipt a 402 challenge (`WWW-Authenticate: Payment`,
    mppx’s `tempo` charge in pathUSD), which any MPP client pays and re-sends with `Authorization:
    Payment <credential>`; by hand, pay `transferWithMemo(pay_to, amount_minor, memo)` on chain and re-
    send the transaction hash in `Authorization: Payment` or `receipt`. A receipt the chain cannot be
    asked about now is 503 `verification_unavailable`: re-send the same receipt later, never pay again.
    A payment that landed after its checkout closed unpaid (expired or reset) registers nothing: its
    receipt, re-sent by the checkout’s holder, is credited once as gems and answered 409
    `checkout_closed` with `details.credited`. `gems` and free registrations complete at once; partner
    namespaces offer the hosted checkout to people (202). The USDC route (`X-MPP-Network: base-mainnet`
    and `mpp_network: base-mainnet`, with `X-API-Key`; operator-gated) answers 402 with the checkout
    relay’s session (`session_id`, single-use `session_token`, `settle_url`, `receipt_url`), the flat
    `payment_challenges` (x402 `exact`, EIP-3009, `eip155:8453`) and the request, domain and quote it is
    bound to; 503 `settlement_disabled` when the relay does not settle; asking again before any
    authorization reached the relay (the client refused to sign) closes that session and answers a fresh
    402; once one has, asking again is 409 `payment_may_be_in_flight`, never a second challenge. The
    same 402 carries x402 v2’s `PAYMENT-REQUIRED` header (scheme `exact` on `eip155:8453`), so a stock
    x402 client pays unmodified: its retry with `PAYMENT-SIGNATURE` pays the open checkout of the same
    request and key through the relay, and answers 200 with `PAYMENT-RESPONSE` once the name is active;
    the same signature again returns that registration and charges nothing.

    Args:
        x_payment_method (RegisterDomainXPaymentMethod | Unset):
        x_mpp_network (RegisterDomainXMppNetwork | Unset):
        payment_signature (str | Unset):
        idempotency_key (str | Unset):
        body (RegisterDomainBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | Error | RegisterDomainResponse402Type0Type0 | RegisterDomainResponse402Type0Type1 | RegisterDomainResponse200 | RegisterDomainResponse202Type0 | RegisterDomainResponse202Type1]
    """

    kwargs = _get_kwargs(
        body=body,
        x_payment_method=x_payment_method,
        x_mpp_network=x_mpp_network,
        payment_signature=payment_signature,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: RegisterDomainBody,
    x_payment_method: RegisterDomainXPaymentMethod | Unset = UNSET,
    x_mpp_network: RegisterDomainXMppNetwork | Unset = UNSET,
    payment_signature: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterDomainResponse402Type0Type0
    | RegisterDomainResponse402Type0Type1
    | RegisterDomainResponse200
    | RegisterDomainResponse202Type0
    | RegisterDomainResponse202Type1
    | None
):
    """Register a name: 402 challenge on mpp (default route, or the USDC route with X-MPP-Network: base-
    mainnet), instant on gems or when free, hosted checkout on partner namespaces

     Registers a name. Default `mpp`: without a receipt a 402 challenge (`WWW-Authenticate: Payment`,
    mppx’s `tempo` charge in pathUSD), which any MPP client pays and re-sends with `Authorization:
    Payment <credential>`; by hand, pay `transferWithMemo(pay_to, amount_minor, memo)` on chain and re-
    send the transaction hash in `Authorization: Payment` or `receipt`. A receipt the chain cannot be
    asked about now is 503 `verification_unavailable`: re-send the same receipt later, never pay again.
    A payment that landed after its checkout closed unpaid (expired or reset) registers nothing: its
    receipt, re-sent by the checkout’s holder, is credited once as gems and answered 409
    `checkout_closed` with `details.credited`. `gems` and free registrations complete at once; partner
    namespaces offer the hosted checkout to people (202). The USDC route (`X-MPP-Network: base-mainnet`
    and `mpp_network: base-mainnet`, with `X-API-Key`; operator-gated) answers 402 with the checkout
    relay’s session (`session_id`, single-use `session_token`, `settle_url`, `receipt_url`), the flat
    `payment_challenges` (x402 `exact`, EIP-3009, `eip155:8453`) and the request, domain and quote it is
    bound to; 503 `settlement_disabled` when the relay does not settle; asking again before any
    authorization reached the relay (the client refused to sign) closes that session and answers a fresh
    402; once one has, asking again is 409 `payment_may_be_in_flight`, never a second challenge. The
    same 402 carries x402 v2’s `PAYMENT-REQUIRED` header (scheme `exact` on `eip155:8453`), so a stock
    x402 client pays unmodified: its retry with `PAYMENT-SIGNATURE` pays the open checkout of the same
    request and key through the relay, and answers 200 with `PAYMENT-RESPONSE` once the name is active;
    the same signature again returns that registration and charges nothing.

    Args:
        x_payment_method (RegisterDomainXPaymentMethod | Unset):
        x_mpp_network (RegisterDomainXMppNetwork | Unset):
        payment_signature (str | Unset):
        idempotency_key (str | Unset):
        body (RegisterDomainBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | Error | RegisterDomainResponse402Type0Type0 | RegisterDomainResponse402Type0Type1 | RegisterDomainResponse200 | RegisterDomainResponse202Type0 | RegisterDomainResponse202Type1
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_payment_method=x_payment_method,
            x_mpp_network=x_mpp_network,
            payment_signature=payment_signature,
            idempotency_key=idempotency_key,
        )
    ).parsed
