from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ListAuditEventsResponse200DataItemActor")


@_attrs_define
class ListAuditEventsResponse200DataItemActor:
    """
    Attributes:
        account_id (None | str):
        member_id (None | str): In a team: the member who acted for it (`account_id` is the team)
        credential (None | str): agent_key, live_key, bearer, session or org_key; `registry` for a change the registry
            made by itself
        key_id (None | str): The credential’s id (an API key’s id, a token or session hash)
        ip (None | str):
    """

    account_id: None | str
    member_id: None | str
    credential: None | str
    key_id: None | str
    ip: None | str

    def to_dict(self) -> dict[str, Any]:
        account_id: None | str
        account_id = self.account_id

        member_id: None | str
        member_id = self.member_id

        credential: None | str
        credential = self.credential

        key_id: None | str
        key_id = self.key_id

        ip: None | str
        ip = self.ip

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_id": account_id,
                "member_id": member_id,
                "credential": credential,
                "key_id": key_id,
                "ip": ip,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_account_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account_id = _parse_account_id(d.pop("account_id"))

        def _parse_member_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        member_id = _parse_member_id(d.pop("member_id"))

        def _parse_credential(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        credential = _parse_credential(d.pop("credential"))

        def _parse_key_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key_id = _parse_key_id(d.pop("key_id"))

        def _parse_ip(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip = _parse_ip(d.pop("ip"))

        list_audit_events_response_200_data_item_actor = cls(
            account_id=account_id,
            member_id=member_id,
            credential=credential,
            key_id=key_id,
            ip=ip,
        )

        return list_audit_events_response_200_data_item_actor
