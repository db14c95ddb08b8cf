from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VerifyMppPaymentBody")


@_attrs_define
class VerifyMppPaymentBody:
    """
    Attributes:
        session_id (str):
        receipt (str):
        domain (str):
        years (int):
        namespace (str | Unset):
        tld (str | Unset):
    """

    session_id: str
    receipt: str
    domain: str
    years: int
    namespace: str | Unset = UNSET
    tld: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        session_id = self.session_id

        receipt = self.receipt

        domain = self.domain

        years = self.years

        namespace = self.namespace

        tld = self.tld

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "session_id": session_id,
                "receipt": receipt,
                "domain": domain,
                "years": years,
            }
        )
        if namespace is not UNSET:
            field_dict["namespace"] = namespace
        if tld is not UNSET:
            field_dict["tld"] = tld

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        session_id = d.pop("session_id")

        receipt = d.pop("receipt")

        domain = d.pop("domain")

        years = d.pop("years")

        namespace = d.pop("namespace", UNSET)

        tld = d.pop("tld", UNSET)

        verify_mpp_payment_body = cls(
            session_id=session_id,
            receipt=receipt,
            domain=domain,
            years=years,
            namespace=namespace,
            tld=tld,
        )

        verify_mpp_payment_body.additional_properties = d
        return verify_mpp_payment_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
