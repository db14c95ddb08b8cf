from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TransferDomainBody")


@_attrs_define
class TransferDomainBody:
    """
    Attributes:
        domain (str): Full name, e.g. "scout.agent"
        to_account_id (UUID): The account that will own the domain
        reason (str | Unset): Free text kept in the ledger entry
    """

    domain: str
    to_account_id: UUID
    reason: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        to_account_id = str(self.to_account_id)

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domain": domain,
                "to_account_id": to_account_id,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        domain = d.pop("domain")

        to_account_id = UUID(d.pop("to_account_id"))

        reason = d.pop("reason", UNSET)

        transfer_domain_body = cls(
            domain=domain,
            to_account_id=to_account_id,
            reason=reason,
        )

        return transfer_domain_body
