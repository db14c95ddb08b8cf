from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.patch_dns_records_body import PatchDnsRecordsBody
from ...models.patch_dns_records_response_200 import PatchDnsRecordsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    domain_name: str,
    *,
    body: PatchDnsRecordsBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/domains/{domain_name}/records".format(
            domain_name=quote(str(domain_name), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PatchDnsRecordsResponse200 | None:
    if response.status_code == 200:
        response_200 = PatchDnsRecordsResponse200.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PatchDnsRecordsResponse200]:
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
    body: PatchDnsRecordsBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | PatchDnsRecordsResponse200]:
    """Set or delete DNS record sets of a domain you own or manage

     Sets or deletes record sets (spec 4.5): types A, AAAA, CNAME, TXT, MX, SRV, CAA; names relative to
    the domain (`@` is the apex) or absolute inside it. The records given for a name and type replace
    that rrset; `delete: true` removes it. Each item is answered `created`, `updated`, `deleted` or
    `unchanged`. One invalid item refuses the whole request (400 `invalid_record` with `details.index`
    and `details.field` = `records.<index>`; a CNAME beside another record or at the apex names the last
    item setting records at that name) and nothing changes. The change is stored and pushed to PowerDNS
    by its namespace’s zone run, in a batch with other changed names (retried while PowerDNS is down;
    `sync` in GET says when it is published). Bearer only; the owner or the owner’s operator (403
    `forbidden` for anyone else).

    Args:
        domain_name (str):
        idempotency_key (str | Unset):
        body (PatchDnsRecordsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PatchDnsRecordsResponse200]
    """

    kwargs = _get_kwargs(
        domain_name=domain_name,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    domain_name: str,
    *,
    client: AuthenticatedClient,
    body: PatchDnsRecordsBody,
    idempotency_key: str | Unset = UNSET,
) -> Error | PatchDnsRecordsResponse200 | None:
    """Set or delete DNS record sets of a domain you own or manage

     Sets or deletes record sets (spec 4.5): types A, AAAA, CNAME, TXT, MX, SRV, CAA; names relative to
    the domain (`@` is the apex) or absolute inside it. The records given for a name and type replace
    that rrset; `delete: true` removes it. Each item is answered `created`, `updated`, `deleted` or
    `unchanged`. One invalid item refuses the whole request (400 `invalid_record` with `details.index`
    and `details.field` = `records.<index>`; a CNAME beside another record or at the apex names the last
    item setting records at that name) and nothing changes. The change is stored and pushed to PowerDNS
    by its namespace’s zone run, in a batch with other changed names (retried while PowerDNS is down;
    `sync` in GET says when it is published). Bearer only; the owner or the owner’s operator (403
    `forbidden` for anyone else).

    Args:
        domain_name (str):
        idempotency_key (str | Unset):
        body (PatchDnsRecordsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PatchDnsRecordsResponse200
    """

    return sync_detailed(
        domain_name=domain_name,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    domain_name: str,
    *,
    client: AuthenticatedClient,
    body: PatchDnsRecordsBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | PatchDnsRecordsResponse200]:
    """Set or delete DNS record sets of a domain you own or manage

     Sets or deletes record sets (spec 4.5): types A, AAAA, CNAME, TXT, MX, SRV, CAA; names relative to
    the domain (`@` is the apex) or absolute inside it. The records given for a name and type replace
    that rrset; `delete: true` removes it. Each item is answered `created`, `updated`, `deleted` or
    `unchanged`. One invalid item refuses the whole request (400 `invalid_record` with `details.index`
    and `details.field` = `records.<index>`; a CNAME beside another record or at the apex names the last
    item setting records at that name) and nothing changes. The change is stored and pushed to PowerDNS
    by its namespace’s zone run, in a batch with other changed names (retried while PowerDNS is down;
    `sync` in GET says when it is published). Bearer only; the owner or the owner’s operator (403
    `forbidden` for anyone else).

    Args:
        domain_name (str):
        idempotency_key (str | Unset):
        body (PatchDnsRecordsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PatchDnsRecordsResponse200]
    """

    kwargs = _get_kwargs(
        domain_name=domain_name,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    domain_name: str,
    *,
    client: AuthenticatedClient,
    body: PatchDnsRecordsBody,
    idempotency_key: str | Unset = UNSET,
) -> Error | PatchDnsRecordsResponse200 | None:
    """Set or delete DNS record sets of a domain you own or manage

     Sets or deletes record sets (spec 4.5): types A, AAAA, CNAME, TXT, MX, SRV, CAA; names relative to
    the domain (`@` is the apex) or absolute inside it. The records given for a name and type replace
    that rrset; `delete: true` removes it. Each item is answered `created`, `updated`, `deleted` or
    `unchanged`. One invalid item refuses the whole request (400 `invalid_record` with `details.index`
    and `details.field` = `records.<index>`; a CNAME beside another record or at the apex names the last
    item setting records at that name) and nothing changes. The change is stored and pushed to PowerDNS
    by its namespace’s zone run, in a batch with other changed names (retried while PowerDNS is down;
    `sync` in GET says when it is published). Bearer only; the owner or the owner’s operator (403
    `forbidden` for anyone else).

    Args:
        domain_name (str):
        idempotency_key (str | Unset):
        body (PatchDnsRecordsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PatchDnsRecordsResponse200
    """

    return (
        await asyncio_detailed(
            domain_name=domain_name,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
