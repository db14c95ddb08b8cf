from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_managed_domains_response_200 import ListManagedDomainsResponse200
from ...models.list_managed_domains_sort import ListManagedDomainsSort
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    owner_id: UUID | Unset = UNSET,
    expires_within_days: int | Unset = UNSET,
    sort: ListManagedDomainsSort | Unset = ListManagedDomainsSort.REGISTERED,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_owner_id: str | Unset = UNSET
    if not isinstance(owner_id, Unset):
        json_owner_id = str(owner_id)
    params["owner_id"] = json_owner_id

    params["expires_within_days"] = expires_within_days

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/domains",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListManagedDomainsResponse200 | None:
    if response.status_code == 200:
        response_200 = ListManagedDomainsResponse200.from_dict(response.json())

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
) -> Response[Error | ListManagedDomainsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    owner_id: UUID | Unset = UNSET,
    expires_within_days: int | Unset = UNSET,
    sort: ListManagedDomainsSort | Unset = ListManagedDomainsSort.REGISTERED,
) -> Response[Error | ListManagedDomainsResponse200]:
    """The caller's manageable domains: its own, its claimed agents', or an organization's customers'

     Domains the caller owns or manages, paginated: with auto-renew and whether each is listed for sale.
    `owner_id` narrows to one owner (yourself or an agent you claimed; anyone else: an empty page),
    `expires_within_days` to the terms ending within that many days (those in grace too), and
    `sort=expiry` puts the soonest expiry first.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        owner_id (UUID | Unset):
        expires_within_days (int | Unset):
        sort (ListManagedDomainsSort | Unset):  Default: ListManagedDomainsSort.REGISTERED.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListManagedDomainsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        owner_id=owner_id,
        expires_within_days=expires_within_days,
        sort=sort,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    owner_id: UUID | Unset = UNSET,
    expires_within_days: int | Unset = UNSET,
    sort: ListManagedDomainsSort | Unset = ListManagedDomainsSort.REGISTERED,
) -> Error | ListManagedDomainsResponse200 | None:
    """The caller's manageable domains: its own, its claimed agents', or an organization's customers'

     Domains the caller owns or manages, paginated: with auto-renew and whether each is listed for sale.
    `owner_id` narrows to one owner (yourself or an agent you claimed; anyone else: an empty page),
    `expires_within_days` to the terms ending within that many days (those in grace too), and
    `sort=expiry` puts the soonest expiry first.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        owner_id (UUID | Unset):
        expires_within_days (int | Unset):
        sort (ListManagedDomainsSort | Unset):  Default: ListManagedDomainsSort.REGISTERED.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListManagedDomainsResponse200
    """

    return sync_detailed(
        client=client,
        limit=limit,
        offset=offset,
        owner_id=owner_id,
        expires_within_days=expires_within_days,
        sort=sort,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    owner_id: UUID | Unset = UNSET,
    expires_within_days: int | Unset = UNSET,
    sort: ListManagedDomainsSort | Unset = ListManagedDomainsSort.REGISTERED,
) -> Response[Error | ListManagedDomainsResponse200]:
    """The caller's manageable domains: its own, its claimed agents', or an organization's customers'

     Domains the caller owns or manages, paginated: with auto-renew and whether each is listed for sale.
    `owner_id` narrows to one owner (yourself or an agent you claimed; anyone else: an empty page),
    `expires_within_days` to the terms ending within that many days (those in grace too), and
    `sort=expiry` puts the soonest expiry first.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        owner_id (UUID | Unset):
        expires_within_days (int | Unset):
        sort (ListManagedDomainsSort | Unset):  Default: ListManagedDomainsSort.REGISTERED.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListManagedDomainsResponse200]
    """

    kwargs = _get_kwargs(
        limit=limit,
        offset=offset,
        owner_id=owner_id,
        expires_within_days=expires_within_days,
        sort=sort,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    owner_id: UUID | Unset = UNSET,
    expires_within_days: int | Unset = UNSET,
    sort: ListManagedDomainsSort | Unset = ListManagedDomainsSort.REGISTERED,
) -> Error | ListManagedDomainsResponse200 | None:
    """The caller's manageable domains: its own, its claimed agents', or an organization's customers'

     Domains the caller owns or manages, paginated: with auto-renew and whether each is listed for sale.
    `owner_id` narrows to one owner (yourself or an agent you claimed; anyone else: an empty page),
    `expires_within_days` to the terms ending within that many days (those in grace too), and
    `sort=expiry` puts the soonest expiry first.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        owner_id (UUID | Unset):
        expires_within_days (int | Unset):
        sort (ListManagedDomainsSort | Unset):  Default: ListManagedDomainsSort.REGISTERED.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListManagedDomainsResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            offset=offset,
            owner_id=owner_id,
            expires_within_days=expires_within_days,
            sort=sort,
        )
    ).parsed
