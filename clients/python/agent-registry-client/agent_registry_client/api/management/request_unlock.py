from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.request_unlock_response_200 import RequestUnlockResponse200
from ...types import Response


def _get_kwargs(
    domain_name: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/domains/{domain_name}/unlock".format(
            domain_name=quote(str(domain_name), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RequestUnlockResponse200 | None:
    if response.status_code == 200:
        response_200 = RequestUnlockResponse200.from_dict(response.json())

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
) -> Response[Error | RequestUnlockResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    domain_name: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | RequestUnlockResponse200]:
    """Ask to lift a name’s lock: a second person’s approval, or the delay

     Asks to lift the lock: it takes effect when a second person approves it (`unlock/approve`,
    docs/teams.md "The second person") or after the unlock delay (REGISTRAR_UNLOCK_DELAY_SECONDS, 24 h,
    shown in `effective_at`), during which anyone who manages the name may cancel it (`unlock/cancel`).
    Asking again answers the open request. 409 `not_locked` when the name is not locked.

    Args:
        domain_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RequestUnlockResponse200]
    """

    kwargs = _get_kwargs(
        domain_name=domain_name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    domain_name: str,
    *,
    client: AuthenticatedClient,
) -> Error | RequestUnlockResponse200 | None:
    """Ask to lift a name’s lock: a second person’s approval, or the delay

     Asks to lift the lock: it takes effect when a second person approves it (`unlock/approve`,
    docs/teams.md "The second person") or after the unlock delay (REGISTRAR_UNLOCK_DELAY_SECONDS, 24 h,
    shown in `effective_at`), during which anyone who manages the name may cancel it (`unlock/cancel`).
    Asking again answers the open request. 409 `not_locked` when the name is not locked.

    Args:
        domain_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RequestUnlockResponse200
    """

    return sync_detailed(
        domain_name=domain_name,
        client=client,
    ).parsed


async def asyncio_detailed(
    domain_name: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | RequestUnlockResponse200]:
    """Ask to lift a name’s lock: a second person’s approval, or the delay

     Asks to lift the lock: it takes effect when a second person approves it (`unlock/approve`,
    docs/teams.md "The second person") or after the unlock delay (REGISTRAR_UNLOCK_DELAY_SECONDS, 24 h,
    shown in `effective_at`), during which anyone who manages the name may cancel it (`unlock/cancel`).
    Asking again answers the open request. 409 `not_locked` when the name is not locked.

    Args:
        domain_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RequestUnlockResponse200]
    """

    kwargs = _get_kwargs(
        domain_name=domain_name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    domain_name: str,
    *,
    client: AuthenticatedClient,
) -> Error | RequestUnlockResponse200 | None:
    """Ask to lift a name’s lock: a second person’s approval, or the delay

     Asks to lift the lock: it takes effect when a second person approves it (`unlock/approve`,
    docs/teams.md "The second person") or after the unlock delay (REGISTRAR_UNLOCK_DELAY_SECONDS, 24 h,
    shown in `effective_at`), during which anyone who manages the name may cancel it (`unlock/cancel`).
    Asking again answers the open request. 409 `not_locked` when the name is not locked.

    Args:
        domain_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RequestUnlockResponse200
    """

    return (
        await asyncio_detailed(
            domain_name=domain_name,
            client=client,
        )
    ).parsed
