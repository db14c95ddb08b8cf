from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    domain: str,
    *,
    affiliate_id: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["affiliate_id"] = affiliate_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/checkout/{domain}".format(
            domain=quote(str(domain), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = Error.from_dict(response.json())

        return response_402

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    domain: str,
    *,
    client: AuthenticatedClient,
    affiliate_id: str | Unset = UNSET,
) -> Response[Error | str]:
    """Human checkout page (HTML): buy a listed name with gems

     The human checkout (spec 4.7), an HTML page for a browser: the listed name, its gems price and the
    referrer named by `affiliate_id` (an account id or a person’s username; it earns 5%). Signed out: a
    sign-in link that returns here. Signed in (session cookie): your gem balance and a "Buy with gems"
    form that posts to this address with a form token. A name not listed is 404 `not_listed`, one listed
    in USD only 400 `currency_not_accepted`, your own 409 `own_domain`: to a browser (`Accept:
    text/html`) as a page with the code, to other clients as the JSON error body.

    Args:
        domain (str):
        affiliate_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        domain=domain,
        affiliate_id=affiliate_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    domain: str,
    *,
    client: AuthenticatedClient,
    affiliate_id: str | Unset = UNSET,
) -> Error | str | None:
    """Human checkout page (HTML): buy a listed name with gems

     The human checkout (spec 4.7), an HTML page for a browser: the listed name, its gems price and the
    referrer named by `affiliate_id` (an account id or a person’s username; it earns 5%). Signed out: a
    sign-in link that returns here. Signed in (session cookie): your gem balance and a "Buy with gems"
    form that posts to this address with a form token. A name not listed is 404 `not_listed`, one listed
    in USD only 400 `currency_not_accepted`, your own 409 `own_domain`: to a browser (`Accept:
    text/html`) as a page with the code, to other clients as the JSON error body.

    Args:
        domain (str):
        affiliate_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        domain=domain,
        client=client,
        affiliate_id=affiliate_id,
    ).parsed


async def asyncio_detailed(
    domain: str,
    *,
    client: AuthenticatedClient,
    affiliate_id: str | Unset = UNSET,
) -> Response[Error | str]:
    """Human checkout page (HTML): buy a listed name with gems

     The human checkout (spec 4.7), an HTML page for a browser: the listed name, its gems price and the
    referrer named by `affiliate_id` (an account id or a person’s username; it earns 5%). Signed out: a
    sign-in link that returns here. Signed in (session cookie): your gem balance and a "Buy with gems"
    form that posts to this address with a form token. A name not listed is 404 `not_listed`, one listed
    in USD only 400 `currency_not_accepted`, your own 409 `own_domain`: to a browser (`Accept:
    text/html`) as a page with the code, to other clients as the JSON error body.

    Args:
        domain (str):
        affiliate_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        domain=domain,
        affiliate_id=affiliate_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    domain: str,
    *,
    client: AuthenticatedClient,
    affiliate_id: str | Unset = UNSET,
) -> Error | str | None:
    """Human checkout page (HTML): buy a listed name with gems

     The human checkout (spec 4.7), an HTML page for a browser: the listed name, its gems price and the
    referrer named by `affiliate_id` (an account id or a person’s username; it earns 5%). Signed out: a
    sign-in link that returns here. Signed in (session cookie): your gem balance and a "Buy with gems"
    form that posts to this address with a form token. A name not listed is 404 `not_listed`, one listed
    in USD only 400 `currency_not_accepted`, your own 409 `own_domain`: to a browser (`Accept:
    text/html`) as a page with the code, to other clients as the JSON error body.

    Args:
        domain (str):
        affiliate_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            domain=domain,
            client=client,
            affiliate_id=affiliate_id,
        )
    ).parsed
